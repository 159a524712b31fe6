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

} // namespace lrt
