// A thin dielectric sheet of index eta (a window pane, a soap bubble): both of its smooth
// boundaries at once, with every internal reflection summed, so light is either mirrored or
// passes straight through, as pbrt-v4's ThinDielectricBxDF: R' = R + T^2 R / (1 - R^2).
#pragma once

#include "renderer/materials/bxdf.h"

namespace lrt {

class ThinDielectricBxdf final : public Bxdf {
public:
    explicit ThinDielectricBxdf(float eta) : eta_(eta) {}
    Color f(Vec3, Vec3, TransportMode) const override { return {}; }
    std::optional<BxdfSample> sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                     SampleLobes lobes) const override;
    float pdf(Vec3, Vec3, TransportMode, SampleLobes) const override { return 0.0f; }
    int deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const override;
    unsigned flags() const override { return kReflection | kTransmission | kSpecular; }
    Color albedo() const override { return Color(1); }

private:
    // The sheet's reflectance at wo, all internal bounces included.
    float reflectance(Vec3 wo) const;

    float eta_;
};

} // namespace lrt
