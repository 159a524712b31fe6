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
    // The angle alpha at A between the great arcs to B and C, by its cosine and sine: the normals
    // of the two arcs' planes are a x b and a x c, and |(a x b) x (a x c)| = |a . (b x c)|.
    const Vec3 nb = cross(a, b), nc = cross(a, c);
    const float lengths = length(nb) * length(nc);
    const float cosAlpha = lengths > 0 ? std::clamp(dot(nb, nc) / lengths, -1.0f, 1.0f) : 1.0f;
    const float sinAlpha =
        lengths > 0 ? std::min(std::fabs(dot(a, cross(b, c))) / lengths, 1.0f) : 0.0f;
    // The sub-triangle A B C' of area u.x * area has its angle at C' fixed by the area; Arvo's
    // closed form for cos of the arc from A to C', with sin and cos of (area - alpha) expanded.
    const float area = u.x * triangle.solidAngle;
    const float sinArea = std::sin(area), cosArea = std::cos(area);
    const float s = sinArea * cosAlpha - cosArea * sinAlpha,
                t = cosArea * cosAlpha + sinArea * sinAlpha;
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
