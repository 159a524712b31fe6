// Urena et al.'s map from the unit square onto a spherical rectangle: u.x picks the x (along the
// first edge) at which the area to its left is u.x times the whole, u.y a height on that line
// whose share of the line's solid angle is u.y.
#include "renderer/sampling/spherical_rectangle.h"

#include "renderer/core/double_vector.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

// The angle between the planes of two edges of the spherical rectangle, from their normals.
double angleBetween(const DVec3& a, const DVec3& b) {
    return std::acos(std::clamp(-dot(a, b), -1.0, 1.0));
}

} // namespace

std::optional<SphericalRectangle> sphericalRectangle(Vec3 p, const Rectangle& r) {
    const float lx = length(r.edgeX), ly = length(r.edgeY);
    if (!(lx > 0) || !(ly > 0) || !std::isfinite(lx) || !std::isfinite(ly))
        return std::nullopt;
    SphericalRectangle s;
    s.origin = p;
    s.x = r.edgeX / lx;
    s.y = r.edgeY / ly;
    s.z = cross(s.x, s.y);
    const Vec3 d = r.corner - p;
    s.x0 = dot(d, s.x);
    s.y0 = dot(d, s.y);
    s.z0 = dot(d, s.z);
    if (s.z0 > 0) {
        s.z = -s.z;
        s.z0 = -s.z0;
    }
    if (!(s.z0 < 0))
        return std::nullopt;
    s.x1 = s.x0 + lx;
    s.y1 = s.y0 + ly;
    // The corners' directions and the normals of the four edges' great circles.
    const DVec3 v00{s.x0, s.y0, s.z0}, v01{s.x0, s.y1, s.z0}, v10{s.x1, s.y0, s.z0},
        v11{s.x1, s.y1, s.z0};
    const DVec3 n0 = normalize(cross(v00, v10)), n1 = normalize(cross(v10, v11)),
                n2 = normalize(cross(v11, v01)), n3 = normalize(cross(v01, v00));
    const double g0 = angleBetween(n0, n1), g1 = angleBetween(n1, n2), g2 = angleBetween(n2, n3),
                 g3 = angleBetween(n3, n0);
    s.b0 = n0.z;
    s.b1 = n2.z;
    s.k = 2 * std::numbers::pi - g2 - g3;
    const double solidAngle = g0 + g1 - s.k;
    if (!(solidAngle > 0) || !std::isfinite(solidAngle))
        return std::nullopt;
    s.solidAngle = static_cast<float>(solidAngle);
    return s;
}

Vec3 sampleSphericalRectangle(const SphericalRectangle& s, Vec2 u) {
    // The x whose strip to its left subtends u.x of the solid angle.
    const double au = u.x * double{s.solidAngle} + s.k;
    const double fu = (std::cos(au) * s.b0 - s.b1) / std::sin(au);
    const double cu =
        std::clamp((fu > 0 ? 1.0 : -1.0) / std::sqrt(fu * fu + s.b0 * s.b0), -1.0, 1.0);
    double xu = std::clamp(-(cu * s.z0) / std::sqrt(std::max(0.0, 1 - cu * cu)), s.x0, s.x1);
    if (std::isnan(xu)) // sin(au) = 0 at the very edge of the square: the rectangle's edge
        xu = u.x < 0.5f ? s.x0 : s.x1;
    // The height on that line: uniform in the sine of its elevation.
    const double d = std::sqrt(xu * xu + s.z0 * s.z0);
    const double h0 = s.y0 / std::sqrt(d * d + s.y0 * s.y0),
                 h1 = s.y1 / std::sqrt(d * d + s.y1 * s.y1);
    const double hv = h0 + u.y * (h1 - h0), hv2 = hv * hv;
    const double yv = hv2 < 1 - 1e-12 ? std::clamp(hv * d / std::sqrt(1 - hv2), s.y0, s.y1) : s.y1;
    return s.origin + s.x * static_cast<float>(xu) + s.y * static_cast<float>(yv) +
           s.z * static_cast<float>(s.z0);
}

} // namespace lrt
