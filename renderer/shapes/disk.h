// The disk of radius r in the plane z = height, facing +z (RenderMan's Disk).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Disk final : public Quadric {
public:
    Disk(const Transform& objectToScene, bool flipNormals, bool oneSided, float height,
         float radius, float thetaMaxDegrees);
    // Its arguments and create() are in disk.cpp, with its registry entry.
    static const ShapeEntry registryEntry;

protected:
    // z = height along the ray.
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    // u = phi / phimax, v = 1 - distance / r (0 on the rim, 1 at the centre).
    bool parameters(const DVec3& p, float& u, float& v) const override;
    // p = (r (1 - v) cos phi, r (1 - v) sin phi, height).
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    // [-r, r]^2 x {height}.
    Bounds3 objectBounds() const override;
    // +z everywhere, the centre included.
    Vec3 naturalNormal(Vec3 p, Vec3 dpdu, Vec3 dpdv) const override;

private:
    float height_, radius_;
};

} // namespace lrt
