// The light samplers by name, and the integrators' "lightsampler" parameter.
#include "renderer/lightsamplers/light_sampler.h"

#include "renderer/core/scene_error.h"
#include "renderer/lightsamplers/bvh_light_sampler.h"
#include "renderer/lightsamplers/fixed_light_sampler.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

std::unique_ptr<LightSampler> createLightSampler(std::string_view name,
                                                 std::span<const Emitter> emitters,
                                                 std::vector<int> among) {
    if (name == "bvh")
        return std::make_unique<BvhLightSampler>(emitters, std::move(among));
    if (name == "power")
        return std::make_unique<FixedLightSampler>(emitters, std::move(among),
                                                   [](const Emitter& e) { return e.power; });
    if (name == "uniform")
        return std::make_unique<FixedLightSampler>(emitters, std::move(among),
                                                   [](const Emitter&) { return 1.0f; });
    throw std::logic_error(fmt::format("light sampler '{}' does not exist", name));
}

std::string lightSamplerName(const Parameters& parameters) {
    std::string name = parameters.getString("lightsampler");
    if (name != "bvh" && name != "power" && name != "uniform" && name != "all")
        throw SceneError(parameters.where("lightsampler"),
                         fmt::format("unknown lightsampler '{}' (expected \"bvh\", \"power\", "
                                     "\"uniform\" or \"all\")",
                                     name));
    return name;
}

} // namespace lrt
