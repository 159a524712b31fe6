// The normalised Blinn-Phong lobe shared by plastic and metal: (S + 8) / (8 pi) (N.H)^S, with
// the exponent S = 8 / roughness as SL's S register defines it.
#pragma once

#include "renderer/core/vector.h"

#include <cmath>
#include <numbers>

namespace lrt {

inline float blinnPhongExponent(float roughness) {
    return 8.0f / roughness;
}

inline float blinnPhong(Vec3 n, Vec3 wo, Vec3 wi, float exponent) {
    const Vec3 h = normalize(wo + wi);
    const float cosine = std::fmax(0.0f, dot(n, h));
    return (exponent + 8.0f) / (8.0f * std::numbers::pi_v<float>)*std::pow(cosine, exponent);
}

// A direction drawn in proportion to the lobe's half-vector distribution (N.H)^S about n, and its
// solid-angle density; nullopt when the mirrored direction falls below the surface.
inline float blinnPhongPdf(Vec3 n, Vec3 wo, Vec3 wi, float exponent) {
    const Vec3 h = normalize(wo + wi);
    const float cosine = dot(n, h), woh = std::fabs(dot(wo, h));
    if (cosine <= 0 || woh == 0)
        return 0.0f;
    return (exponent + 1) / (2 * std::numbers::pi_v<float>)*std::pow(cosine, exponent) / (4 * woh);
}

inline Vec3 sampleBlinnPhong(Vec3 n, Vec3 wo, Vec2 u, float exponent) {
    const float cosTheta = std::pow(u.x, 1 / (exponent + 1)),
                sinTheta = std::sqrt(std::fmax(0.0f, 1 - cosTheta * cosTheta));
    const float phi = 2 * std::numbers::pi_v<float> * u.y;
    Vec3 s, t;
    orthonormalBasis(n, s, t);
    const Vec3 h = s * (sinTheta * std::cos(phi)) + t * (sinTheta * std::sin(phi)) + n * cosTheta;
    return h * (2 * dot(wo, h)) - wo;
}

} // namespace lrt
