// Where a light's shape is sampled by solid angle rather than by area: near enough to it, and
// with a solid angle float arithmetic handles. One rule for the spherical triangles and
// rectangles (renderer/sampling/spherical_triangle.h, spherical_rectangle.h).
#pragma once

#include "renderer/core/vector.h"

#include <optional>

namespace lrt {

// Below kMinSphericalArea steradians the spherical shape is too thin for float arithmetic and the
// shape is small enough that its area density is nearly uniform in solid angle; above
// kMaxSphericalArea (near a hemisphere) the map degenerates. pbrt-v4 uses the same bounds.
constexpr float kMinSphericalArea = 3e-4f, kMaxSphericalArea = 6.22f;
inline bool sampledBySolidAngle(float solidAngle) {
    return solidAngle >= kMinSphericalArea && solidAngle <= kMaxSphericalArea;
}

// Sampling by solid angle pays only near a shape. From farther than kSolidAngleReach times its
// radius, sampling by area is already close to uniform in solid angle and costs about a third as
// much. Measured (docs/performance.md): on the Cornell box, sampling by solid angle at any reach
// kept the error of sampling by area and took up to a quarter more time, 1% more at 2 radii;
// under a 2 x 2 lamp 0.3 above a floor, 1.5 radii already kept all of its gain.
constexpr float kSolidAngleReach = 2;

// The spherical shape to sample `shape` by from p (`spherical(p, shape)`, a SphericalTriangle or
// SphericalRectangle), or nullopt where sampling by area serves better: beyond the shape's
// nearEnoughForSolidAngle, or a solid angle outside sampledBySolidAngle's range. The reach test
// needs no trigonometry, so it runs first.
template <typename Shape, typename Spherical>
auto solidAngleSamplingOf(Vec3 p, const Shape& shape, Spherical spherical)
    -> decltype(spherical(p, shape)) {
    if (!nearEnoughForSolidAngle(p, shape))
        return std::nullopt;
    auto s = spherical(p, shape);
    if (!s || !sampledBySolidAngle(s->solidAngle))
        return std::nullopt;
    return s;
}

} // namespace lrt
