// Sampling the directions a triangle subtends, uniformly by solid angle (Arvo 1995, "Stratified
// Sampling of Spherical Triangles"), with the thresholds at which sampling by area serves better.
#pragma once

#include "renderer/core/vector.h"

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

// A unit direction uniform in the spherical triangle, for u in [0,1)^2 (density 1 / solidAngle).
Vec3 sampleSphericalTriangle(const SphericalTriangle& triangle, Vec2 u);

} // namespace lrt
