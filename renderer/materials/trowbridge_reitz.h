// The anisotropic Trowbridge-Reitz (GGX) microfacet distribution in a shading frame whose z axis
// is the surface normal and x the first tangent: its density D(m), Smith's masking in the
// height-correlated form (Heitz 2014), and sampling of the normals visible from a direction
// (Heitz 2018), as pbrt-v4's TrowbridgeReitzDistribution defines them, so that a rough material
// imported from pbrt-v4 scatters as it does there. alpha_x and alpha_y are GGX's alphas along
// the two tangents.
#pragma once

#include "renderer/core/vector.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

class TrowbridgeReitz {
public:
    TrowbridgeReitz(float alphaX, float alphaY) : alphaX_(alphaX), alphaY_(alphaY) {
        // Below pbrt-v4's threshold the lobe is a mirror; keeping alpha from 0 keeps D finite
        // for the code that still evaluates it.
        if (!effectivelySmooth()) {
            alphaX_ = std::max(alphaX_, 1e-4f);
            alphaY_ = std::max(alphaY_, 1e-4f);
        }
    }

    // pbrt-v4's RoughnessToAlpha: the user's roughness is alpha squared.
    static float alphaOfRoughness(float roughness) { return std::sqrt(std::max(roughness, 0.0f)); }

    // Whether the lobe is narrower than float sampling can tell from a mirror (pbrt-v4's
    // EffectivelySmooth): materials then scatter as the smooth interface.
    bool effectivelySmooth() const { return std::max(alphaX_, alphaY_) < 1e-3f; }
    float alphaX() const { return alphaX_; }
    float alphaY() const { return alphaY_; }

    // D(m) for a unit microfacet normal m in the shading frame.
    float distribution(Vec3 m) const {
        const float cos2 = m.z * m.z;
        if (cos2 <= 0)
            return 0.0f;
        const float sin2 = std::max(0.0f, 1 - cos2);
        if (sin2 == 0)
            return 1.0f / (std::numbers::pi_v<float> * alphaX_ * alphaY_ * cos2 * cos2);
        const float tan2 = sin2 / cos2;
        const float cos2Phi = m.x * m.x / sin2, sin2Phi = m.y * m.y / sin2;
        const float e = tan2 * (cos2Phi / (alphaX_ * alphaX_) + sin2Phi / (alphaY_ * alphaY_));
        return 1.0f /
               (std::numbers::pi_v<float> * alphaX_ * alphaY_ * cos2 * cos2 * (1 + e) * (1 + e));
    }

    // Smith's Lambda(w): G1(w) = 1 / (1 + Lambda(w)).
    float lambda(Vec3 w) const {
        const float cos2 = w.z * w.z;
        if (cos2 == 0)
            return INFINITY;
        const float sin2 = std::max(0.0f, 1 - cos2);
        const float horizontal = w.x * w.x + w.y * w.y;
        const float alpha2 =
            horizontal > 0
                ? (w.x * w.x * alphaX_ * alphaX_ + w.y * w.y * alphaY_ * alphaY_) / horizontal
                : alphaX_ * alphaY_;
        const float tan2 = sin2 / cos2;
        return (std::sqrt(1 + alpha2 * tan2) - 1) / 2;
    }
    float masking(Vec3 w) const { return 1 / (1 + lambda(w)); }
    // Height-correlated masking-shadowing of the pair.
    float maskingShadowing(Vec3 wo, Vec3 wi) const { return 1 / (1 + lambda(wo) + lambda(wi)); }

    // The density of normals visible from w: G1(w) max(0, w.m) D(m) / |cos w|.
    float visibleDistribution(Vec3 w, Vec3 m) const {
        return masking(w) / std::fabs(w.z) * distribution(m) * std::fabs(dot(w, m));
    }
    // The density sampleVisibleNormal draws m from w with.
    float pdf(Vec3 w, Vec3 m) const { return visibleDistribution(w, m); }

    // A microfacet normal drawn from the normals visible from w (any hemisphere: w is first
    // turned to the upper one, as pbrt-v4 does), with density pdf(w, m).
    Vec3 sampleVisibleNormal(Vec3 w, Vec2 u) const {
        Vec3 wh = normalize(Vec3{alphaX_ * w.x, alphaY_ * w.y, w.z});
        if (wh.z < 0)
            wh = -wh;
        const Vec3 t1 = wh.z < 0.99999f ? normalize(cross(Vec3{0, 0, 1}, wh)) : Vec3{1, 0, 0};
        const Vec3 t2 = cross(wh, t1);
        // A uniform point on the unit disk (polar mapping), its lower half squeezed by the
        // projection of the hemisphere seen from wh.
        const float r = std::sqrt(u.x), phi = 2 * std::numbers::pi_v<float> * u.y;
        const float px = r * std::cos(phi);
        float py = r * std::sin(phi);
        const float h = std::sqrt(std::max(0.0f, 1 - px * px));
        const float blend = (1 + wh.z) / 2;
        py = (1 - blend) * h + blend * py;
        const float pz = std::sqrt(std::max(0.0f, 1 - px * px - py * py));
        const Vec3 nh = t1 * px + t2 * py + wh * pz;
        return normalize(Vec3{alphaX_ * nh.x, alphaY_ * nh.y, std::max(1e-6f, nh.z)});
    }

private:
    float alphaX_, alphaY_;
};

} // namespace lrt
