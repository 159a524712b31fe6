// Cone: u = phi / phimax, v = z / height (0 at the base, 1 at the apex).
#include "renderer/shapes/cone.h"

#include "renderer/core/scene_error.h"

#include <algorithm>
#include <cmath>

namespace lrt {

namespace {

using enum ArgumentSpec::Kind;
constexpr ArgumentSpec kArguments[] = {
    {"height", Number, "the apex's z (not zero); the base is at z = 0"},
    {"radius", Number, "the base's radius", kReal.above(0)},
    kThetaMaxArgument,
};

ShapeSurfaces create(std::span<const double> n, const Parameters&, const ShapeContext& c) {
    if (n[0] == 0)
        throw SceneError(c.where, "Cone height must not be zero");
    return quadricSurface<Cone>(c, static_cast<float>(n[0]), static_cast<float>(n[1]),
                                static_cast<float>(n[2]));
}

} // namespace

const ShapeEntry Cone::registryEntry{{"cone", "Cone", kArguments, {}}, &create};

Cone::Cone(const Transform& objectToScene, bool flipNormals, bool oneSided, float height,
           float radius, float thetaMaxDegrees)
    : Quadric(objectToScene, flipNormals, oneSided, thetaMaxDegrees), height_(height),
      radius_(radius) {}

bool Cone::roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const {
    const double k = (double(radius_) / height_) * (double(radius_) / height_);
    const double a = d.x * d.x + d.y * d.y - k * d.z * d.z;
    const double b = 2 * (d.x * o.x + d.y * o.y - k * d.z * (o.z - height_));
    const double c = o.x * o.x + o.y * o.y - k * (o.z - height_) * (o.z - height_);
    return solveQuadratic(a, b, c, t0, t1);
}

bool Cone::parameters(const DVec3& p, float& u, float& v) const {
    const double lo = std::min(0.0f, height_), hi = std::max(0.0f, height_);
    double phi;
    if (p.z < lo || p.z > hi || !azimuth(p.x, p.y, phi))
        return false;
    u = static_cast<float>(phi / phiMax());
    v = static_cast<float>(p.z / height_);
    return true;
}

void Cone::evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const {
    const float phi = u * phiMax();
    const float r = radius_ * (1 - v);
    p = {r * std::cos(phi), r * std::sin(phi), v * height_};
    dpdu = {-phiMax() * p.y, phiMax() * p.x, 0};
    dpdv = {-radius_ * std::cos(phi), -radius_ * std::sin(phi), height_};
}

Bounds3 Cone::objectBounds() const {
    return {{-radius_, -radius_, std::min(0.0f, height_)},
            {radius_, radius_, std::max(0.0f, height_)}};
}

} // namespace lrt
