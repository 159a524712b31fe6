// Sampling the directions a triangle subtends, uniformly by solid angle (Arvo 1995, "Stratified
// Sampling of Spherical Triangles"), and the reach within which that pays.
#pragma once

#include "renderer/core/vector.h"
#include "renderer/sampling/solid_angle_reach.h"

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

// p within kSolidAngleReach times the triangle's radius (centroid to farthest corner) of its
// centroid.
inline bool nearEnoughForSolidAngle(Vec3 p, const std::array<Vec3, 3>& triangle) {
    const Vec3 centroid = (triangle[0] + triangle[1] + triangle[2]) / 3.0f;
    const float radius2 =
        std::max({lengthSquared(triangle[0] - centroid), lengthSquared(triangle[1] - centroid),
                  lengthSquared(triangle[2] - centroid)});
    return lengthSquared(p - centroid) < kSolidAngleReach * kSolidAngleReach * radius2;
}

// The spherical triangle to sample `triangle` by from p, or nullopt where sampling by area serves
// better (solidAngleSamplingOf).
inline std::optional<SphericalTriangle> solidAngleSampling(Vec3 p,
                                                           const std::array<Vec3, 3>& triangle) {
    return solidAngleSamplingOf(p, triangle, sphericalTriangle);
}

// A unit direction uniform in the spherical triangle, for u in [0,1)^2 (density 1 / solidAngle).
Vec3 sampleSphericalTriangle(const SphericalTriangle& triangle, Vec2 u);

} // namespace lrt
