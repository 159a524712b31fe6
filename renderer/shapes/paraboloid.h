// The paraboloid z = zmax (x^2 + y^2) / rmax^2 for zmin <= z <= zmax (RenderMan's Paraboloid).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Paraboloid final : public Quadric {
public:
    Paraboloid(const Transform& objectToScene, bool flipNormals, bool oneSided, float rMax,
               float zMin, float zMax, float thetaMaxDegrees);
    // Its arguments and create() are in paraboloid.cpp, with its registry entry.
    static const ShapeEntry registryEntry;

protected:
    // z = zmax (x^2 + y^2) / rmax^2 along the ray.
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    // u = phi / phimax, v = (z - zmin) / (zmax - zmin).
    bool parameters(const DVec3& p, float& u, float& v) const override;
    // p = (r cos phi, r sin phi, z) with r = rmax sqrt(z / zmax).
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    // [-rmax, rmax]^2 x [zmin, zmax].
    Bounds3 objectBounds() const override;
    // -z at the apex, where the derivatives vanish.
    Vec3 naturalNormal(Vec3 p, Vec3 dpdu, Vec3 dpdv) const override;

private:
    float rMax_, zMin_, zMax_;
};

} // namespace lrt
