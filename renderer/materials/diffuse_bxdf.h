// Lambertian scattering: reflection R / pi on the side it is seen from and, for diffuse
// transmission (pbrt-v4's DiffuseTransmissionBxDF), T / pi to the other side, each lobe
// cosine-sampled in proportion to its largest channel.
#pragma once

#include "renderer/materials/bxdf.h"

namespace lrt {

class DiffuseBxdf final : public Bxdf {
public:
    explicit DiffuseBxdf(Color reflectance, Color transmittance = {})
        : r_(reflectance), t_(transmittance) {}
    Color f(Vec3 wo, Vec3 wi, TransportMode mode) const override;
    std::optional<BxdfSample> sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                     SampleLobes lobes) const override;
    float pdf(Vec3 wo, Vec3 wi, TransportMode mode, SampleLobes lobes) const override;
    unsigned flags() const override {
        return (r_.isBlack() ? 0u : kReflection | kDiffuse) |
               (t_.isBlack() ? 0u : kTransmission | kDiffuse);
    }
    Color albedo() const override;

private:
    // The probability of sampling reflection rather than transmission.
    float reflectShare(SampleLobes lobes) const;

    Color r_, t_;
};

} // namespace lrt
