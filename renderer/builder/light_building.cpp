// The lights of a frame, in declaration order, and the lists of lights each surface sees.
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/lights/area_light.h"
#include "renderer/lights/light_registry.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <unordered_map>

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
                parts_.infiniteLights.push_back(made.get());
            parts_.lights.push_back(std::move(made));
        });
}

// One list per distinct set of Illuminate switches, shared by every primitive under it.
int SceneBuilder::lightList(const SurfaceAttributes& attributes) {
    const auto* key = attributes.disabledLights.get();
    const auto it = lightLists_.find(key);
    if (it != lightLists_.end())
        return it->second;
    auto list = std::make_unique<std::vector<int>>();
    for (int i = 0; i < static_cast<int>(frame_.world.lights.size()); ++i)
        if (!key || std::find(key->begin(), key->end(), i) == key->end())
            list->push_back(i);
    const int index = static_cast<int>(parts_.lightLists.size());
    parts_.lightLists.push_back(std::move(list));
    lightLists_[key] = index;
    return index;
}

AreaLight* SceneBuilder::emissiveLight(Color radiance, const ColorTexture* texture) {
    auto light = std::make_unique<AreaLight>(radiance, std::nullopt, texture);
    AreaLight* made = light.get();
    parts_.lights.push_back(std::move(light));
    return made;
}

// Illuminate cannot name a mesh file's emitters, so every surface sees them.
void SceneBuilder::completeLightLists() {
    const std::size_t declared = frame_.world.lights.size();
    for (const auto& list : parts_.lightLists)
        for (std::size_t i = declared; i < parts_.lights.size(); ++i)
            list->push_back(static_cast<int>(i));
}

// Once the shapes are in place: the emitters, and where each emitting primitive's start. Lights
// without a place get their power from the scene's bounding sphere.
void SceneBuilder::makeEmitters() {
    RTCBounds box;
    rtcGetSceneBounds(parts_.root->get(), &box);
    const Vec3 extent{box.upper_x - box.lower_x, box.upper_y - box.lower_y,
                      box.upper_z - box.lower_z};
    const float radius = extent.x >= 0 && std::isfinite(lengthSquared(extent))
                             ? std::max(0.5f * length(extent), 1e-3f)
                             : 1.0f;
    parts_.emitters = lrt::makeEmitters(parts_.lights, radius);
    for (std::size_t i = 0; i < parts_.emitters.size(); ++i)
        if (parts_.emitters[i].light->isInfinite())
            parts_.infiniteEmitters.push_back(static_cast<int>(i));
    std::unordered_map<const Shape*, int> firstEmitter;
    for (std::size_t i = parts_.emitters.size(); i-- > 0;)
        if (const Shape* shape = parts_.emitters[i].shape)
            firstEmitter[shape] = static_cast<int>(i);
    for (Primitive& primitive : parts_.rootPrimitives)
        if (primitive.areaLight)
            primitive.emitter = firstEmitter.at(primitive.shape);
}

} // namespace lrt
