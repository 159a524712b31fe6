// The table of light samplers.
#include "renderer/lightsamplers/light_sampler.h"

#include "renderer/lightsamplers/bvh_light_sampler.h"
#include "renderer/lightsamplers/fixed_light_sampler.h"
#include "renderer/lightsamplers/light_samplers.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {
const LightSamplerEntry* const kLightSamplers[] = {
    &BvhLightSampler::registryEntry,
    &FixedLightSampler::powerEntry,
    &FixedLightSampler::uniformEntry,
    &LightSamplers::everyLightEntry,
};
} // namespace

const Registry<LightSamplerEntry>& lightSamplerRegistry() {
    static const Registry<LightSamplerEntry> registry(kLightSamplers);
    return registry;
}

const LightSamplerEntry& lightSamplerOf(const Parameters& parameters) {
    const std::string name = parameters.getString("lightsampler");
    if (const LightSamplerEntry* entry = lightSamplerRegistry().find(name))
        return *entry;
    throw std::logic_error(fmt::format("light sampler '{}' passed its parameter's check but is "
                                       "not in the registry",
                                       name));
}

} // namespace lrt
