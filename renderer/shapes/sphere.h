// The sphere x^2 + y^2 + z^2 = r^2, cut to zmin <= z <= zmax and 0 <= phi <= thetamax (RenderMan's
// Sphere).
#pragma once

#include "renderer/shapes/quadric.h"

namespace lrt {

class Sphere final : public Quadric {
public:
    Sphere(const Transform& objectToScene, bool flipNormals, bool oneSided, float radius,
           float zMin, float zMax, float thetaMaxDegrees);
    // Its arguments and create() are in sphere.cpp, with its registry entry.
    static const ShapeEntry registryEntry;

    std::optional<AreaSample> sampleCone(Vec3 p, Vec2 u) const override;
    float conePdf(Vec3 p, unsigned primitive) const override;

protected:
    // x^2 + y^2 + z^2 = r^2 along the ray.
    bool roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const override;
    // u = phi / phimax, v from zmin to zmax through theta = acos(z / r).
    bool parameters(const DVec3& p, float& u, float& v) const override;
    // p = r (sin theta cos phi, sin theta sin phi, cos theta).
    void evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const override;
    // [-r, r]^2 x [zmin, zmax].
    Bounds3 objectBounds() const override;
    // p / r, defined at the poles too.
    Vec3 naturalNormal(Vec3 p, Vec3 dpdu, Vec3 dpdv) const override;
    // With no zmin, zmax or thetamax cut. Exactly so, unlike the cone-sampling test's tolerance:
    // a sweep one float short of 2 pi still rejects some azimuths (Quadric::azimuth), and a shadow
    // ray must be blocked exactly where a hit would be found.
    bool isClosed() const override;

private:
    // Whether the sphere is whole and stays a sphere in scene space (a similarity transform), so
    // that it can be sampled by the cone it subtends; then its scene-space centre and radius.
    bool coneSampling_ = false;
    Vec3 sceneCentre_;
    float sceneRadius_ = 0;
    float radius_, zMin_, zMax_, thetaZMin_, thetaZMax_;
};

} // namespace lrt
