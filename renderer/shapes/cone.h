// The cone with its base of radius r at z = 0 and its apex at z = height (RenderMan's Cone).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Cone final : public Quadric {
public:
    Cone(const Transform& objectToScene, bool flipNormals, bool oneSided, float height,
         float radius, float thetaMaxDegrees);
    // Its arguments and create() are in cone.cpp, with its registry entry.
    static const ShapeEntry registryEntry;

protected:
    // x^2 + y^2 = (r/h)^2 (z - h)^2 along the ray.
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    // u = phi / phimax, v = z / height (0 at the base, 1 at the apex).
    bool parameters(const DVec3& p, float& u, float& v) const override;
    // p = (r (1 - v) cos phi, r (1 - v) sin phi, v h).
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    // [-r, r]^2 x [0, h] (or [h, 0]).
    Bounds3 objectBounds() const override;

private:
    float height_, radius_;
};

} // namespace lrt
