// Arvo's map from the unit square onto a spherical triangle: u.x picks the sub-triangle A B C'
// whose area is u.x times the whole (C' slides along the arc from A to C), u.y a point on the arc
// from B to C', placed so that the density is uniform.
#include "renderer/sampling/spherical_triangle.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

// The unit direction of v's part perpendicular to unit w; nullopt when v is along w.
std::optional<Vec3> perpendicular(Vec3 v, Vec3 w) {
    const Vec3 r = v - w * dot(v, w);
    const float l2 = lengthSquared(r);
    if (!(l2 > 1e-14f))
        return std::nullopt;
    return r / std::sqrt(l2);
}

// The angle at corner `at` between the great arcs to `b` and `c`.
float cornerAngle(Vec3 at, Vec3 b, Vec3 c) {
    const Vec3 nb = cross(at, b), nc = cross(at, c);
    const float lb = length(nb), lc = length(nc);
    if (lb == 0 || lc == 0)
        return 0;
    return std::acos(std::clamp(dot(nb, nc) / (lb * lc), -1.0f, 1.0f));
}

} // namespace

std::optional<SphericalTriangle> sphericalTriangle(Vec3 p, const std::array<Vec3, 3>& triangle) {
    SphericalTriangle s;
    for (std::size_t i = 0; i < 3; ++i) {
        const Vec3 d = triangle[i] - p;
        const float l2 = lengthSquared(d);
        if (!(l2 > 0) || !std::isfinite(l2))
            return std::nullopt;
        s.corners[i] = d / std::sqrt(l2);
    }
    const auto& [a, b, c] = s.corners;
    // Van Oosterom and Strackee's formula: exact where the angle sum loses the area to rounding.
    const float triple = std::fabs(dot(a, cross(b, c)));
    s.solidAngle = 2 * std::atan2(triple, 1 + dot(a, b) + dot(b, c) + dot(c, a));
    if (!(s.solidAngle > 0))
        return std::nullopt;
    return s;
}

Vec3 sampleSphericalTriangle(const SphericalTriangle& triangle, Vec2 u) {
    const auto& [a, b, c] = triangle.corners;
    const float alpha = cornerAngle(a, b, c);
    // The sub-triangle A B C' of area u.x * area has its angle at C' fixed by the area; Arvo's
    // closed form for cos of the arc from A to C'.
    const float area = u.x * triangle.solidAngle;
    const float s = std::sin(area - alpha), t = std::cos(area - alpha);
    const float cosAlpha = std::cos(alpha), sinAlpha = std::sin(alpha);
    const float uu = t - cosAlpha, v = s + sinAlpha * dot(a, b);
    const float denominator = (v * s + uu * t) * sinAlpha;
    const float q = denominator != 0
                        ? std::clamp(((v * t - uu * s) * cosAlpha - v) / denominator, -1.0f, 1.0f)
                        : 1.0f;
    const auto towardsC = perpendicular(c, a);
    const Vec3 cPrime =
        towardsC ? normalize(a * q + *towardsC * std::sqrt(std::max(0.0f, 1 - q * q))) : a;
    // On the arc from B to C', cos of the angle from B is uniform between 1 and B . C'.
    const float z = 1 - u.y * (1 - dot(cPrime, b));
    const auto towardsCPrime = perpendicular(cPrime, b);
    if (!towardsCPrime)
        return b;
    return normalize(b * z + *towardsCPrime * std::sqrt(std::max(0.0f, 1 - z * z)));
}

} // namespace lrt
