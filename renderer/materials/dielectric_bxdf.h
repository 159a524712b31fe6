// A dielectric boundary of relative index eta (inside over outside): smooth (delta reflection and
// refraction) or rough, with GGX microfacet reflection and transmission (Walter et al. 2007,
// "Microfacet Models for Refraction through Rough Surfaces") sampled from the visible normals,
// as pbrt-v4's DielectricBxDF. Smooth whenever the distribution is (pbrt-v4's threshold) or
// eta is 1.
#pragma once

#include "renderer/materials/bxdf.h"
#include "renderer/materials/trowbridge_reitz.h"

namespace lrt {

class DielectricBxdf final : public Bxdf {
public:
    DielectricBxdf(float eta, TrowbridgeReitz distribution)
        : eta_(eta), distribution_(distribution) {}
    Color f(Vec3 wo, Vec3 wi, TransportMode mode) const override;
    std::optional<BxdfSample> sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                     SampleLobes lobes) const override;
    float pdf(Vec3 wo, Vec3 wi, TransportMode mode, SampleLobes lobes) const override;
    int deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const override;
    unsigned flags() const override {
        return (eta_ == 1 ? kTransmission : kReflection | kTransmission) |
               (isSmooth() ? kSpecular : kGlossy);
    }
    Color albedo() const override { return Color(1); }
    bool isSmooth() const { return eta_ == 1 || distribution_.effectivelySmooth(); }

private:
    std::optional<BxdfSample> sampleSmooth(Vec3 wo, float uc, TransportMode mode,
                                           SampleLobes lobes) const;
    // The generalised half vector of wo and wi (Walter's), on the normal's side, and the
    // relative index crossed; nullopt for pairs no microfacet connects.
    std::optional<Vec3> halfVector(Vec3 wo, Vec3 wi, float& etaCrossed) const;

    float eta_;
    TrowbridgeReitz distribution_;
};

} // namespace lrt
