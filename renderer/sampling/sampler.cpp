// The table of samplers.
#include "renderer/sampling/sampler.h"

#include "renderer/sampling/low_discrepancy_sampler.h"
#include "renderer/sampling/sobol_sampler.h"
#include "renderer/sampling/stratified_sampler.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {
const SamplerEntry* const kSamplers[] = {&SobolSampler::registryEntry,
                                         &StratifiedSampler::registryEntry,
                                         &LowDiscrepancySampler::registryEntry};
} // namespace

const Registry<SamplerEntry>& samplerRegistry() {
    static const Registry<SamplerEntry> registry(kSamplers);
    return registry;
}

std::unique_ptr<Sampler> createSampler(std::string_view name, const SamplerSettings& settings) {
    const SamplerEntry* entry = samplerRegistry().find(name);
    if (!entry)
        throw std::invalid_argument(fmt::format("sampler '{}' is not registered (known: {})", name,
                                                fmt::join(samplerRegistry().names(), ", ")));
    if (settings.firstRound > 0 && !entry->adaptiveStandIn.empty())
        return createSampler(entry->adaptiveStandIn, settings);
    return entry->create(settings);
}

} // namespace lrt
