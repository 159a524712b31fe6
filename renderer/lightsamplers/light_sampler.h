// The LightSampler interface: which one emitter to take a light sample of at a shading point, and
// with what probability, so that one light sample stands for all of them (its light divided by
// that probability). The path integrator's MIS asks the same sampler how likely it was to pick
// the emitter a BSDF sample found. Samplers are created by name through lightSamplerRegistry(),
// whose entries live beside their classes.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
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

// A light sampler's name (the integrators' "lightsampler" values), what it does, and how to make
// one over `among` (indices into `emitters`: the emitters of the lights that illuminate a
// surface). `create` is null for "all", which samples no light but visits every one.
struct LightSamplerEntry {
    std::string_view name;
    std::string_view meaning;
    std::unique_ptr<LightSampler> (*create)(std::span<const Emitter> emitters,
                                            std::vector<int> among);
};

// "bvh", "power", "uniform" and "all", in the order messages and the docs list them.
const Registry<LightSamplerEntry>& lightSamplerRegistry();

// The integrators' "lightsampler" parameter, with their own default; its choices are the
// registry's names.
constexpr ParameterSpec lightSamplerParameter(std::string_view byDefault) {
    return {"lightsampler",
            ValueKind::String,
            byDefault,
            {},
            "direct light from one light picked by the light BVH, by power or uniformly, or from "
            "every light (light-sampling.md)",
            [] { return lightSamplerRegistry().names(); }};
}
// The sampler `parameters` name (read through lightSamplerParameter, so known to the registry).
const LightSamplerEntry& lightSamplerOf(const Parameters& parameters);

} // namespace lrt
