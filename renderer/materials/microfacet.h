// The Trowbridge-Reitz (GGX) microfacet lobe shared by plastic's coat and metal: the
// distribution D, Smith's masking G (Walter et al. 2007), and sampling of the normals visible from
// the outgoing direction (Heitz 2018, "Sampling the GGX Distribution of Visible Normals"), as
// pbrt-v4 and Cycles sample it. Roughness is GGX's alpha.
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

    // A reflected direction from a half vector drawn from the normals visible from wo, with
    // density G1(wo) max(0, wo.h) D(h) / cos_o. Sampling D(h) cos(theta_h) instead spends samples
    // on facets that face away from wo, and its weights D G cos_i / pdf grow without bound at
    // grazing angles; these are at most G1(wi) (times Fresnel).
    Vec3 sample(Vec3 n, Vec3 wo, Vec2 u) const {
        Vec3 s, t;
        orthonormalBasis(n, s, t);
        // wo in the lobe's frame, stretched to the hemisphere configuration (alpha 1).
        const Vec3 v =
            normalize(Vec3{alpha_ * dot(wo, s), alpha_ * dot(wo, t), std::max(dot(wo, n), 0.0f)});
        const float lengthSquared = v.x * v.x + v.y * v.y;
        const Vec3 t1 =
            lengthSquared > 0 ? Vec3{-v.y, v.x, 0} / std::sqrt(lengthSquared) : Vec3{1, 0, 0};
        const Vec3 t2 = cross(v, t1);
        // A point on the disk under v, the half of it that v's projection hides squeezed away.
        const float r = std::sqrt(u.x), phi = 2 * std::numbers::pi_v<float> * u.y;
        const float p1 = r * std::cos(phi), blend = 0.5f * (1 + v.z);
        const float p2 =
            (1 - blend) * std::sqrt(std::max(0.0f, 1 - p1 * p1)) + blend * r * std::sin(phi);
        const Vec3 m = t1 * p1 + t2 * p2 + v * std::sqrt(std::max(0.0f, 1 - p1 * p1 - p2 * p2));
        // Unstretched: the half vector in the lobe's frame, then in the world's.
        const Vec3 hLocal = normalize(Vec3{alpha_ * m.x, alpha_ * m.y, std::max(m.z, 1e-6f)});
        const Vec3 h = s * hLocal.x + t * hLocal.y + n * hLocal.z;
        return h * (2 * dot(wo, h)) - wo;
    }

    // The solid-angle density of sample() producing wi: G1(wo) D(h) / (4 cos_o).
    float pdf(Vec3 n, Vec3 wo, Vec3 wi) const {
        const Vec3 h = normalize(wo + wi);
        const float cosO = dot(n, wo), cosThetaH = dot(n, h);
        if (cosO <= 0 || cosThetaH <= 0 || dot(wo, h) <= 0)
            return 0.0f;
        return masking(cosO) * distribution(cosThetaH) / (4 * cosO);
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
