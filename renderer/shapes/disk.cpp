// Disk: u = phi / phimax, v = 1 - r / radius (0 on the rim, 1 at the centre), as in pbrt.
#include "renderer/shapes/disk.h"

#include "renderer/core/scene_error.h"

#include <cmath>

namespace lrt {

namespace {

using enum ArgumentSpec::Kind;
constexpr ArgumentSpec kArguments[] = {
    {"height", Number, "the plane z = height"},
    {"radius", Number, "r", kReal.above(0)},
    kThetaMaxArgument,
};

ShapeSurfaces create(std::span<const double> n, const Parameters&, const ShapeContext& c) {
    return quadricSurface<Disk>(c, static_cast<float>(n[0]), static_cast<float>(n[1]),
                                static_cast<float>(n[2]));
}

} // namespace

const ShapeEntry Disk::registryEntry{{"disk", "Disk", kArguments, {}}, &create};

Disk::Disk(const Transform& objectToScene, bool flipNormals, bool oneSided, float height,
           float radius, float thetaMaxDegrees)
    : Quadric(objectToScene, flipNormals, oneSided, thetaMaxDegrees), height_(height),
      radius_(radius) {}

bool Disk::roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const {
    if (d.z == 0)
        return false;
    t0 = t1 = (height_ - o.z) / d.z;
    return true;
}

bool Disk::parameters(const DVec3& p, float& u, float& v) const {
    const double r2 = p.x * p.x + p.y * p.y;
    double phi;
    if (r2 > double(radius_) * radius_ || !azimuth(p.x, p.y, phi))
        return false;
    u = static_cast<float>(phi / phiMax());
    v = static_cast<float>(1.0 - std::sqrt(r2) / radius_);
    return true;
}

void Disk::evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const {
    const float phi = u * phiMax();
    const float r = radius_ * (1 - v);
    p = {r * std::cos(phi), r * std::sin(phi), height_};
    dpdu = {-phiMax() * p.y, phiMax() * p.x, 0};
    dpdv = {-radius_ * std::cos(phi), -radius_ * std::sin(phi), 0};
}

Bounds3 Disk::objectBounds() const {
    return {{-radius_, -radius_, height_}, {radius_, radius_, height_}};
}

Vec3 Disk::naturalNormal(Vec3, Vec3, Vec3) const {
    return {0, 0, 1};
}

} // namespace lrt
