// The Trowbridge-Reitz (GGX) microfacet lobe shared by plastic's coat and metal: the
// distribution D, Smith's masking G, and sampling of half vectors in proportion to D cos(theta_h)
// (Walter et al. 2007). Roughness is GGX's alpha.
#pragma once

#include "renderer/core/vector.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

class GgxLobe {
public:
    explicit GgxLobe(float roughness) : alpha_(std::max(roughness, 1e-3f)) {}

    // D(h) for cos(theta_h) = n.h.
    float distribution(float cosThetaH) const {
        if (cosThetaH <= 0)
            return 0.0f;
        const float a2 = alpha_ * alpha_, c2 = cosThetaH * cosThetaH;
        const float denominator = c2 * (a2 - 1) + 1;
        return a2 / (std::numbers::pi_v<float> * denominator * denominator);
    }

    // Smith's G1 for a direction at cos(theta) = n.v from the normal.
    float masking(float cosTheta) const {
        if (cosTheta <= 0)
            return 0.0f;
        const float a2 = alpha_ * alpha_;
        return 2 * cosTheta / (cosTheta + std::sqrt(a2 + (1 - a2) * cosTheta * cosTheta));
    }

    // D G / (4 cos_o cos_i): the lobe without Fresnel, for unit n, wo, wi on n's side.
    float value(Vec3 n, Vec3 wo, Vec3 wi) const {
        const float cosO = dot(n, wo), cosI = dot(n, wi);
        if (cosO <= 0 || cosI <= 0)
            return 0.0f;
        const Vec3 h = normalize(wo + wi);
        return distribution(dot(n, h)) * masking(cosO) * masking(cosI) / (4 * cosO * cosI);
    }

    // A reflected direction from a half vector drawn with density D(h) cos(theta_h).
    Vec3 sample(Vec3 n, Vec3 wo, Vec2 u) const {
        const float tan2 = alpha_ * alpha_ * u.x / std::max(1e-7f, 1 - u.x);
        const float cosTheta = 1 / std::sqrt(1 + tan2),
                    sinTheta = std::sqrt(std::max(0.0f, 1 - cosTheta * cosTheta));
        const float phi = 2 * std::numbers::pi_v<float> * u.y;
        Vec3 s, t;
        orthonormalBasis(n, s, t);
        const Vec3 h =
            s * (sinTheta * std::cos(phi)) + t * (sinTheta * std::sin(phi)) + n * cosTheta;
        return h * (2 * dot(wo, h)) - wo;
    }

    // The solid-angle density of sample() producing wi.
    float pdf(Vec3 n, Vec3 wo, Vec3 wi) const {
        const Vec3 h = normalize(wo + wi);
        const float cosThetaH = dot(n, h), woh = std::fabs(dot(wo, h));
        if (cosThetaH <= 0 || woh == 0)
            return 0.0f;
        return distribution(cosThetaH) * cosThetaH / (4 * woh);
    }

private:
    float alpha_;
};

// Schlick's approximation of Fresnel reflectance for reflectance f0 at normal incidence.
inline float schlick(float f0, float cosTheta) {
    const float m = std::clamp(1 - cosTheta, 0.0f, 1.0f);
    return f0 + (1 - f0) * m * m * m * m * m;
}

} // namespace lrt
