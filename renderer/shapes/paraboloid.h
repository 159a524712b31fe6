// The paraboloid z = zmax (x^2 + y^2) / rmax^2 for zmin <= z <= zmax (RenderMan's Paraboloid).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Paraboloid final : public Quadric {
public:
    Paraboloid(const Transform& objectToScene, bool flipNormals, bool oneSided, float rMax,
               float zMin, float zMax, float thetaMaxDegrees);
    // Paraboloid rmax zmin zmax thetamax, as RenderMan writes it (arguments in paraboloid.cpp).
    static const ShapeEntry registryEntry;


protected:
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    bool parameters(const DVec3& p, float& u, float& v) const override;
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    Bounds3 objectBounds() const override;
    Vec3 naturalNormal(Vec3 p, Vec3 dpdu, Vec3 dpdv) const override;

private:
    float rMax_, zMin_, zMax_;
};

} // namespace lrt
