// The light samplers of one render: one per distinct list of lights that surfaces see
// (Illuminate), each over the emitters of its lights, built when the render starts.
#pragma once

#include "renderer/lights/emitter.h"
#include "renderer/lightsamplers/light_sampler.h"

#include <string_view>

namespace lrt {

class LightSamplers {
public:
    // `name` as the integrator's "lightsampler" says ("all" builds none), over a scene's
    // lights, their emitters and the lists of lights its surfaces see.
    LightSamplers(const std::vector<std::unique_ptr<Light>>& lights,
                  std::span<const Emitter> emitters,
                  const std::vector<std::unique_ptr<std::vector<int>>>& lightLists,
                  std::string_view name);

    // The sampler for light arriving at a surface that sees light list `list`; null where every
    // light is visited.
    const LightSampler* at(int list) const {
        return lists_.empty() ? nullptr : lists_[static_cast<std::size_t>(list)].sampler.get();
    }
    // The ambient lights of list `list`, which are added rather than sampled.
    const std::vector<int>& ambientAt(int list) const {
        return lists_[static_cast<std::size_t>(list)].ambient;
    }
    double buildSeconds() const { return buildSeconds_; }
    std::size_t memoryBytes() const;

private:
    struct List {
        std::unique_ptr<LightSampler> sampler;
        std::vector<int> ambient;
    };
    std::vector<List> lists_; // by Scene::lightLists() index
    double buildSeconds_ = 0;
};

} // namespace lrt
