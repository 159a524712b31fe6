// Sampling the directions a triangle subtends, uniformly by solid angle (Arvo 1995, "Stratified
// Sampling of Spherical Triangles"), with the distance and the thresholds at which sampling by
// area serves better.
#pragma once

#include "renderer/core/vector.h"

#include <algorithm>
#include <array>
#include <optional>

namespace lrt {

// The spherical triangle a triangle subtends from a point: its corners as unit directions and its
// area (the solid angle, in steradians).
struct SphericalTriangle {
    std::array<Vec3, 3> corners;
    float solidAngle = 0;
};

// The spherical triangle of (a, b, c) seen from p; nullopt when p lies in the triangle's plane or
// on a corner (the triangle subtends no solid angle).
std::optional<SphericalTriangle> sphericalTriangle(Vec3 p, const std::array<Vec3, 3>& triangle);

// Below kMinSphericalArea steradians the spherical triangle is too thin for float arithmetic and
// the triangle is small enough that its area density is nearly uniform in solid angle; above
// kMaxSphericalArea (near a hemisphere) the map degenerates. pbrt-v4 uses the same bounds.
constexpr float kMinSphericalArea = 3e-4f, kMaxSphericalArea = 6.22f;
inline bool sampledBySolidAngle(float solidAngle) {
    return solidAngle >= kMinSphericalArea && solidAngle <= kMaxSphericalArea;
}

// Sampling by solid angle pays only near a triangle. From farther than kSolidAngleReach times its
// radius (centroid to farthest corner), sampling by area is already close to uniform in solid
// angle and costs about a third as much. Measured (docs/performance.md): on the Cornell box,
// sampling by solid angle at any reach kept the error of sampling by area and took up to a quarter
// more time, 1% more at 2 radii; under a 2 x 2 lamp 0.3 above a floor, 1.5 radii already kept all
// of its gain. The test needs no trigonometry, so it runs before sphericalTriangle.
constexpr float kSolidAngleReach = 2;
inline bool nearEnoughForSolidAngle(Vec3 p, const std::array<Vec3, 3>& triangle) {
    const Vec3 centroid = (triangle[0] + triangle[1] + triangle[2]) / 3.0f;
    const float radius2 =
        std::max({lengthSquared(triangle[0] - centroid), lengthSquared(triangle[1] - centroid),
                  lengthSquared(triangle[2] - centroid)});
    return lengthSquared(p - centroid) < kSolidAngleReach * kSolidAngleReach * radius2;
}

// The spherical triangle to sample `triangle` by from p, or nullopt where sampling by area serves
// better: beyond nearEnoughForSolidAngle's reach, or a solid angle outside sampledBySolidAngle's
// range.
inline std::optional<SphericalTriangle> solidAngleSampling(Vec3 p,
                                                           const std::array<Vec3, 3>& triangle) {
    if (!nearEnoughForSolidAngle(p, triangle))
        return std::nullopt;
    auto spherical = sphericalTriangle(p, triangle);
    if (!spherical || !sampledBySolidAngle(spherical->solidAngle))
        return std::nullopt;
    return spherical;
}

// A unit direction uniform in the spherical triangle, for u in [0,1)^2 (density 1 / solidAngle).
Vec3 sampleSphericalTriangle(const SphericalTriangle& triangle, Vec2 u);

} // namespace lrt
