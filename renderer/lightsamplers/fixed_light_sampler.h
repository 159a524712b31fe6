// "uniform" and "power": light samplers whose probabilities do not depend on the shading point,
// each emitter in proportion to a fixed weight (1, or its power). The baselines a light BVH is
// measured against.
#pragma once

#include "renderer/lightsamplers/light_sampler.h"

namespace lrt {

class FixedLightSampler final : public LightSampler {
public:
    // Picks each of `among` (indices into `emitters`) in proportion to `weight` of it; emitters
    // of weight 0 are never picked.
    FixedLightSampler(std::span<const Emitter> emitters, std::vector<int> among,
                      float (*weight)(const Emitter&));

    std::optional<PickedEmitter> pick(const LightSampleContext& context, float u) const override;
    float pmf(const LightSampleContext& context, int emitter) const override;
    std::size_t memoryBytes() const override;

    static const LightSamplerEntry powerEntry;   // "power": by each emitter's power
    static const LightSamplerEntry uniformEntry; // "uniform": every emitter alike

private:
    std::vector<int> among_;
    std::vector<double> cumulative_; // running sums of the weights of among_
    std::vector<int> slot_;          // by emitter: its place in among_, or -1
};

} // namespace lrt
