// The LightSampler interface: which one emitter to take a light sample of at a shading point, and
// with what probability, so that one light sample stands for all of them (its light divided by
// that probability). The path integrator's MIS asks the same sampler how likely it was to pick
// the emitter a BSDF sample found. Samplers are created by name, in light_sampler.cpp.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/lights/emitter.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

// Where a light is wanted: the shading point and its shading normal (the zero vector where the
// receiver's response to the light's direction is unknown, as a program's is).
struct LightSampleContext {
    Vec3 p;
    Vec3 n;
};

struct PickedEmitter {
    int emitter = 0; // index into the scene's emitters
    float pmf = 0;   // the probability it was picked with, > 0
};

class LightSampler {
public:
    virtual ~LightSampler() = default;
    // One emitter for u uniform in [0,1), or nullopt when none can light the point.
    virtual std::optional<PickedEmitter> pick(const LightSampleContext& context, float u) const = 0;
    // The probability pick() picks `emitter` at `context`: 0 for an emitter it never picks.
    virtual float pmf(const LightSampleContext& context, int emitter) const = 0;
    virtual std::size_t memoryBytes() const = 0;
};

// The samplers by name: "bvh", "power", "uniform"; "all" means none (every light is visited).
// `emitters` are the scene's, `among` the indices of those this sampler may pick (the emitters of
// the lights that illuminate a surface).
std::unique_ptr<LightSampler> createLightSampler(std::string_view name,
                                                 std::span<const Emitter> emitters,
                                                 std::vector<int> among);

// The integrators' "lightsampler" parameter, with their own default.
constexpr ParameterSpec lightSamplerParameter(std::string_view byDefault) {
    return {"lightsampler",
            ValueKind::String,
            byDefault,
            {},
            "\"bvh\", \"power\" or \"uniform\": direct light from one light picked so, or "
            "\"all\": from every light (light-sampling.md)"};
}
// The sampler `parameters` name ("all": none), or SceneError at the parameter for an unknown one.
std::string lightSamplerName(const Parameters& parameters);

} // namespace lrt
