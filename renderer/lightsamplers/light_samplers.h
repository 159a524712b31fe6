// The light samplers of one scene and lighting choice: one per distinct list of lights that
// surfaces see (Illuminate), each over the emitters of its lights. A Scene builds them once per
// "lightsampler" value it is rendered with (Scene::lightSamplers), so that renders, preview
// passes and pixel requests share them.
#pragma once

#include "renderer/lights/emitter.h"
#include "renderer/lightsamplers/light_sampler.h"

#include <string>

namespace lrt {

class LightSamplers {
public:
    // The samplers `kind` makes ("all" makes none), over a scene's lights, their emitters and the
    // lists of lights its surfaces see.
    LightSamplers(const std::vector<std::unique_ptr<Light>>& lights,
                  std::span<const Emitter> emitters,
                  const std::vector<std::unique_ptr<std::vector<int>>>& lightLists,
                  const LightSamplerEntry& kind);

    // The sampler for light arriving at a surface that sees light list `list`; null where every
    // light is visited: for every list with "all", and for a list of one light (besides ambient
    // ones) with any kind, as one light leaves nothing to pick.
    const LightSampler* at(int list) const {
        return lists_.empty() ? nullptr : lists_[static_cast<std::size_t>(list)].sampler.get();
    }
    // The ambient lights of list `list`, which are added rather than sampled.
    const std::vector<int>& ambientAt(int list) const {
        return lists_[static_cast<std::size_t>(list)].ambient;
    }
    const LightSamplerEntry& kind() const { return kind_; }
    double buildSeconds() const { return buildSeconds_; }
    std::size_t memoryBytes() const;

    // "all": no sampler; the integrators visit every light.
    static const LightSamplerEntry everyLightEntry;

    // What the samplers are made from, as bytes: which lights are ambient, each emitter's light,
    // bounds, power and importance, and the lists. Lights, emitters and lists with the same key
    // make the same samplers of every kind, so a later build of a scene whose key is unchanged
    // shares them (BuildCache).
    static std::string inputsKey(const std::vector<std::unique_ptr<Light>>& lights,
                                 std::span<const Emitter> emitters,
                                 const std::vector<std::unique_ptr<std::vector<int>>>& lightLists);

private:
    struct List {
        std::unique_ptr<LightSampler> sampler;
        std::vector<int> ambient;
    };
    const LightSamplerEntry& kind_;
    std::vector<List> lists_; // by Scene::lightLists() index
    double buildSeconds_ = 0;
};

} // namespace lrt
