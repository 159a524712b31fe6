// Two interfaces with a slab between them, evaluated by stochastic random walks through the slab
// (Guo, Hasan, Yan and Zhao 2018, "Position-Free Monte Carlo Simulation for Arbitrary Layered
// BSDFs"), as pbrt-v4's LayeredBxDF: the top interface (a dielectric coat) over the bottom (a
// diffuse base or a conductor), a slab of `thickness` that absorbs and, with an albedo, scatters
// by a Henyey-Greenstein phase function, walks of at most maxDepth scattering events, nSamples
// walks per evaluation. Two-sided, as pbrt-v4's coated materials: seen from below it is the same
// stack mirrored. Random numbers come from a hash of the directions (and, for sampling, of the
// sample's own numbers), so that every evaluation is deterministic.
#pragma once

#include "renderer/materials/bxdf.h"

namespace lrt {

struct LayerSlab {
    float thickness = 0.01f;
    Color albedo; // of the medium in the slab; black for none
    float g = 0;  // its phase function's asymmetry
    int maxDepth = 10;
    int samples = 1;
};

class LayeredBxdf final : public Bxdf {
public:
    LayeredBxdf(const Bxdf& top, const Bxdf& bottom, const LayerSlab& slab);
    Color f(Vec3 wo, Vec3 wi, TransportMode mode) const override;
    // Every sample's pdf is proportional only (BxdfSample::pdfIsProportional).
    std::optional<BxdfSample> sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                     SampleLobes lobes) const override;
    // A stochastic estimate of the density, mixed with the uniform density (pbrt-v4's 0.9 and
    // 0.1), for multiple importance sampling.
    float pdf(Vec3 wo, Vec3 wi, TransportMode mode, SampleLobes lobes) const override;
    // The top interface's mirror reflection, when it is smooth.
    int deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const override;
    unsigned flags() const override;
    Color albedo() const override { return bottom_.albedo(); }

private:
    // The transmittance of the slab's medium across a height dz along w.
    static float transmittance(float dz, Vec3 w);

    const Bxdf& top_;
    const Bxdf& bottom_;
    LayerSlab slab_;
};

} // namespace lrt
