// The table of lights.
#include "renderer/lights/light_registry.h"

#include "renderer/lights/ambient_light.h"
#include "renderer/lights/area_light.h"
#include "renderer/lights/distant_light.h"
#include "renderer/lights/infinite_light.h"
#include "renderer/lights/point_light.h"
#include "renderer/lights/spot_light.h"

namespace lrt {

namespace {
const LightEntry* const kLights[] = {
    &PointLight::registryEntry,   &SpotLight::registryEntry,    &DistantLight::registryEntry,
    &AmbientLight::registryEntry, &InfiniteLight::registryEntry, &AreaLight::registryEntry,
};
} // namespace

std::span<const LightEntry* const> lightRegistry() {
    return kLights;
}

const LightEntry* findLight(std::string_view name, bool area) {
    for (const LightEntry* entry : kLights)
        if (entry->name == name && entry->area == area)
            return entry;
    return nullptr;
}

std::vector<std::string_view> lightNames(bool area) {
    std::vector<std::string_view> names;
    for (const LightEntry* entry : kLights)
        if (entry->area == area)
            names.push_back(entry->name);
    return names;
}

Color lightPower(const Parameters& parameters) {
    return parameters.getColor("lightcolor") * parameters.getFloat("intensity");
}

} // namespace lrt
