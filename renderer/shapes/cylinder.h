// The cylinder x^2 + y^2 = r^2 for zmin <= z <= zmax, 0 <= phi <= thetamax (RenderMan's Cylinder).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Cylinder final : public Quadric {
public:
    Cylinder(const Transform& objectToScene, bool flipNormals, bool oneSided, float radius,
             float zMin, float zMax, float thetaMaxDegrees);
    // Cylinder radius zmin zmax thetamax, as RenderMan writes it (arguments in cylinder.cpp).
    static const ShapeEntry registryEntry;


protected:
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    bool parameters(const DVec3& p, float& u, float& v) const override;
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    Bounds3 objectBounds() const override;

private:
    float radius_, zMin_, zMax_;
};

} // namespace lrt
