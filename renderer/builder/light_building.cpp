// The lights of a frame, in declaration order, and the lists of lights each surface sees.
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/lights/area_light.h"
#include "renderer/lights/light_registry.h"

#include <algorithm>
#include <fmt/format.h>

namespace lrt {

void SceneBuilder::makeLights() {
    for (const LightDescription& light : frame_.world.lights)
        collecting([&] {
            const LightEntry* entry = lightRegistry().find(light.type);
            const Parameters parameters(light.parameters, entry->parameters,
                                        fmt::format("LightSource \"{}\"", light.type), light.where);
            std::unique_ptr<Light> made =
                entry->create(parameters, {light.lightToWorld, sceneDirectory(), light.where});
            if (made->isInfinite())
                scene_->infiniteLights_.push_back(made.get());
            scene_->lights_.push_back(std::move(made));
        });
}

// One list per distinct set of Illuminate switches, shared by every primitive under it.
const std::vector<int>* SceneBuilder::lightList(const SurfaceAttributes& attributes) {
    const auto* key = attributes.disabledLights.get();
    const auto it = lightLists_.find(key);
    if (it != lightLists_.end())
        return it->second;
    auto list = std::make_unique<std::vector<int>>();
    for (int i = 0; i < static_cast<int>(frame_.world.lights.size()); ++i)
        if (!key || std::find(key->begin(), key->end(), i) == key->end())
            list->push_back(i);
    const std::vector<int>* raw = list.get();
    scene_->lightLists_.push_back(std::move(list));
    lightLists_[key] = raw;
    return raw;
}

AreaLight* SceneBuilder::emissiveLight(Color radiance) {
    auto light = std::make_unique<AreaLight>(radiance);
    AreaLight* made = light.get();
    scene_->lights_.push_back(std::move(light));
    return made;
}

// Illuminate cannot name a mesh file's emitters, so every surface sees them.
void SceneBuilder::completeLightLists() {
    const std::size_t declared = frame_.world.lights.size();
    for (const auto& list : scene_->lightLists_)
        for (std::size_t i = declared; i < scene_->lights_.size(); ++i)
            list->push_back(static_cast<int>(i));
}

} // namespace lrt
