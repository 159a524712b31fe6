// Warps of uniform [0,1)^2 samples onto directions, with their densities.
#pragma once

#include "renderer/core/vector.h"

#include <cmath>
#include <numbers>

namespace lrt {

// Cosine-weighted direction about +z (Malley's method); density cos(theta) / pi.
inline Vec3 cosineHemisphere(Vec2 u) {
    const float r = std::sqrt(u.x), phi = 2 * std::numbers::pi_v<float> * u.y;
    return {r * std::cos(phi), r * std::sin(phi), std::sqrt(std::fmax(0.0f, 1 - u.x))};
}

// Uniform direction on the unit sphere; density 1 / (4 pi).
inline Vec3 uniformSphere(Vec2 u) {
    const float z = 1 - 2 * u.x, r = std::sqrt(std::fmax(0.0f, 1 - z * z)),
                phi = 2 * std::numbers::pi_v<float> * u.y;
    return {r * std::cos(phi), r * std::sin(phi), z};
}

// `local` expressed in the frame whose z axis is the unit vector n.
inline Vec3 aroundNormal(Vec3 local, Vec3 n) {
    Vec3 s, t;
    orthonormalBasis(n, s, t);
    return s * local.x + t * local.y + n * local.z;
}

} // namespace lrt
