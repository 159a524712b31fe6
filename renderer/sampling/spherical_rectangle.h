// Sampling the directions a rectangle subtends, uniformly by solid angle (Urena, Fajardo and King
// 2013, "An Area-Preserving Parametrization for Spherical Rectangles"; Cycles samples its quad
// lamps this way), and the reach within which that pays.
#pragma once

#include "renderer/core/vector.h"
#include "renderer/sampling/solid_angle_reach.h"

#include <optional>

namespace lrt {

// A rectangle: a corner and its two perpendicular edges from it.
struct Rectangle {
    Vec3 corner, edgeX, edgeY;
};

// The rectangle seen from a point, in the rectangle's frame (x and y along its edges, z
// perpendicular, pointing away from the point): what sampling it needs, and its solid angle.
// Computed in double, as the solid angle is a sum of four angles less 2 pi.
struct SphericalRectangle {
    Vec3 origin;           // the point it is seen from
    Vec3 x, y, z;          // the frame's unit axes in scene space
    double x0, x1, y0, y1; // the rectangle's extent in the frame, relative to the point
    double z0;             // its plane's offset along z, <= 0
    double b0, b1, k;      // Urena et al.'s constants of the parametrisation
    float solidAngle = 0;  // steradians
};

// The spherical rectangle of `r` seen from p; nullopt when p lies in the rectangle's plane or the
// rectangle is degenerate (an edge of length 0 or not finite).
std::optional<SphericalRectangle> sphericalRectangle(Vec3 p, const Rectangle& r);

// The point of the rectangle in a direction uniform in its solid angle, for u in [0,1)^2 (density
// 1 / solidAngle per steradian).
Vec3 sampleSphericalRectangle(const SphericalRectangle& s, Vec2 u);

// p within kSolidAngleReach times the rectangle's radius (half its diagonal) of its centre.
inline bool nearEnoughForSolidAngle(Vec3 p, const Rectangle& r) {
    const Vec3 half = (r.edgeX + r.edgeY) * 0.5f;
    return lengthSquared(p - (r.corner + half)) <
           kSolidAngleReach * kSolidAngleReach * lengthSquared(half);
}

// The spherical rectangle to sample `r` by from p, or nullopt where sampling by area serves
// better (solidAngleSamplingOf).
inline std::optional<SphericalRectangle> solidAngleSampling(Vec3 p, const Rectangle& r) {
    return solidAngleSamplingOf(p, r, sphericalRectangle);
}

} // namespace lrt
