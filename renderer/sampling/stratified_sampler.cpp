// The stratified sampler's registry entry; its points are inline in the header.
#include "renderer/sampling/stratified_sampler.h"

namespace lrt {

const SamplerEntry StratifiedSampler::registryEntry{
    "stratified", "jittered strata", "lowdiscrepancy",
    [](const SamplerSettings& settings) -> std::unique_ptr<Sampler> {
        return std::make_unique<StratifiedSampler>(settings);
    }};

} // namespace lrt
