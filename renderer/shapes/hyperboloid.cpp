// Hyperboloid: the segment p1-p2 rotated about z. At height z the swept point is
// q(v) = p1 + v (p2 - p1) with v = (z - z1) / (z2 - z1), so x^2 + y^2 = |q(v).xy|^2 is quadratic
// in z. u is the rotation angle from q(v) over phimax.
#include "renderer/shapes/hyperboloid.h"

#include "renderer/core/scene_error.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

using enum ArgumentSpec::Kind;
constexpr ArgumentSpec kArguments[] = {
    {"x1", Number, "the segment's first point"},
    {"y1", Number, ""},
    {"z1", Number, ""},
    {"x2", Number, "the segment's second point (z2 differs from z1)"},
    {"y2", Number, ""},
    {"z2", Number, ""},
    kThetaMaxArgument,
};

ShapeSurfaces create(std::span<const double> n, const Parameters&, const ShapeContext& c) {
    if (n[2] == n[5])
        throw SceneError(c.where,
                         "Hyperboloid needs its two points at different z (a flat one is a Disk)");
    const auto point = [&](std::size_t i) {
        return Vec3{static_cast<float>(n[i]), static_cast<float>(n[i + 1]),
                    static_cast<float>(n[i + 2])};
    };
    return quadricSurface<Hyperboloid>(c, point(0), point(3), static_cast<float>(n[6]));
}

} // namespace

const ShapeEntry Hyperboloid::registryEntry{{"hyperboloid", "Hyperboloid", kArguments, {}},
                                            &create};

Hyperboloid::Hyperboloid(const Transform& objectToScene, bool flipNormals, bool oneSided,
                         Vec3 point1, Vec3 point2, float thetaMaxDegrees)
    : Quadric(objectToScene, flipNormals, oneSided, thetaMaxDegrees), p1_(point1), p2_(point2) {
    // q.xy(z) = p1.xy + (z - z1) / (z2 - z1) (p2.xy - p1.xy) = A + B z.
    const double dz = double(p2_.z) - p1_.z;
    const double bx = (double(p2_.x) - p1_.x) / dz, by = (double(p2_.y) - p1_.y) / dz;
    const double ax = p1_.x - bx * p1_.z, ay = p1_.y - by * p1_.z;
    a_ = bx * bx + by * by;
    b_ = 2 * (ax * bx + ay * by);
    c_ = ax * ax + ay * ay;
}

bool Hyperboloid::roots(const DVec3& o, const DVec3& d, double& t0, double& t1) const {
    // (ox + t dx)^2 + (oy + t dy)^2 = a (oz + t dz)^2 + b (oz + t dz) + c
    const double a = d.x * d.x + d.y * d.y - a_ * d.z * d.z;
    const double b = 2 * (o.x * d.x + o.y * d.y - a_ * o.z * d.z) - b_ * d.z;
    const double c = o.x * o.x + o.y * o.y - a_ * o.z * o.z - b_ * o.z - c_;
    return solveQuadratic(a, b, c, t0, t1);
}

bool Hyperboloid::parameters(const DVec3& p, float& u, float& v) const {
    const double zLo = std::min(p1_.z, p2_.z), zHi = std::max(p1_.z, p2_.z);
    if (p.z < zLo || p.z > zHi)
        return false;
    const double vv = (p.z - p1_.z) / (double(p2_.z) - p1_.z);
    const double qx = p1_.x + vv * (double(p2_.x) - p1_.x),
                 qy = p1_.y + vv * (double(p2_.y) - p1_.y);
    double phi = std::atan2(p.y, p.x) - std::atan2(qy, qx);
    while (phi < 0)
        phi += 2 * std::numbers::pi;
    while (phi >= 2 * std::numbers::pi)
        phi -= 2 * std::numbers::pi;
    if (phi > phiMax() + 1e-7)
        return false;
    u = static_cast<float>(phi / phiMax());
    v = static_cast<float>(vv);
    return true;
}

void Hyperboloid::evaluate(float u, float v, Vec3& p, Vec3& dpdu, Vec3& dpdv) const {
    const float phi = u * phiMax();
    const float c = std::cos(phi), s = std::sin(phi);
    const Vec3 q = p1_ + (p2_ - p1_) * v;
    p = {q.x * c - q.y * s, q.x * s + q.y * c, q.z};
    dpdu = {-phiMax() * p.y, phiMax() * p.x, 0};
    const Vec3 e = p2_ - p1_;
    dpdv = {e.x * c - e.y * s, e.x * s + e.y * c, e.z};
}

Bounds3 Hyperboloid::objectBounds() const {
    // The swept radius is convex in z, so the ends bound it.
    const float r = std::max(std::hypot(p1_.x, p1_.y), std::hypot(p2_.x, p2_.y));
    return {{-r, -r, std::min(p1_.z, p2_.z)}, {r, r, std::max(p1_.z, p2_.z)}};
}

} // namespace lrt
