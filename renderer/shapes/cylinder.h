// The cylinder x^2 + y^2 = r^2 for zmin <= z <= zmax, 0 <= phi <= thetamax (RenderMan's Cylinder).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Cylinder final : public Quadric {
public:
    Cylinder(const Transform& objectToScene, bool flipNormals, bool oneSided, float radius,
             float zMin, float zMax, float thetaMaxDegrees);
    // Its arguments and create() are in cylinder.cpp, with its registry entry.
    static const ShapeEntry registryEntry;

protected:
    // x^2 + y^2 = r^2 along the ray.
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    // u = phi / phimax, v = (z - zmin) / (zmax - zmin).
    bool parameters(const DVec3& p, float& u, float& v) const override;
    // p = (r cos phi, r sin phi, zmin + v (zmax - zmin)).
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    // [-r, r]^2 x [zmin, zmax].
    Bounds3 objectBounds() const override;

private:
    float radius_, zMin_, zMax_;
};

} // namespace lrt
