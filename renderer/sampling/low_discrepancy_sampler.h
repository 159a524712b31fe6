// "lowdiscrepancy": sample k of a pixel is point k of the R2 Kronecker sequence (Roberts 2018:
// frac(0.5 + k (1/g, 1/g^2)), g the plastic number), with k shuffled and the set rotated per
// dimension (renderer/sampling/dimension_shuffle.h); the film position is rotated only. Every
// prefix of the sequence is spread over the square, so an adaptive render may stop a pixel after
// any of its rounds.
#pragma once

#include "renderer/sampling/dimension_shuffle.h"

namespace lrt {

class LowDiscrepancySampler final : public ShuffledSampler<LowDiscrepancySampler> {
public:
    static const SamplerEntry registryEntry;
    using ShuffledSampler::ShuffledSampler;

    Vec2 point(int index, Vec2, std::uint64_t) const;
    Vec2 film(int index, Vec2 jitter, std::uint64_t h) const {
        return rotated(point(index, jitter, h), h);
    }
};

} // namespace lrt
