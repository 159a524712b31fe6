// The Henyey-Greenstein phase function of asymmetry g in (-1, 1), with pbrt-v4's conventions:
// both directions point away from the scattering point, so forward scattering (g > 0) sends
// light on along -wo. Its sampling is exact (the density equals the value).
#pragma once

#include "renderer/core/vector.h"

#include <cmath>
#include <numbers>

namespace lrt {

// The phase function's value for cos theta = dot(wo, wi).
inline float henyeyGreenstein(float cosTheta, float g) {
    const float denominator = 1 + g * g + 2 * g * cosTheta;
    return std::numbers::inv_pi_v<float> / 4 * (1 - g * g) /
           (denominator * std::sqrt(std::max(denominator, 0.0f)));
}

// A direction wi drawn with density henyeyGreenstein(dot(wo, wi), g).
inline Vec3 sampleHenyeyGreenstein(Vec3 wo, float g, Vec2 u) {
    float cosTheta;
    if (std::fabs(g) < 1e-3f) {
        cosTheta = 1 - 2 * u.x;
    } else {
        const float s = (1 - g * g) / (1 + g - 2 * g * u.x);
        cosTheta = -1 / (2 * g) * (1 + g * g - s * s);
    }
    cosTheta = std::fmax(-1.0f, std::fmin(1.0f, cosTheta));
    const float sinTheta = std::sqrt(std::fmax(0.0f, 1 - cosTheta * cosTheta));
    const float phi = 2 * std::numbers::pi_v<float> * u.y;
    Vec3 s, t;
    orthonormalBasis(wo, s, t);
    return s * (sinTheta * std::cos(phi)) + t * (sinTheta * std::sin(phi)) + wo * cosTheta;
}

} // namespace lrt
