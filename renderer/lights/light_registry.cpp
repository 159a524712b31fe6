// The table of lights.
#include "renderer/lights/light_registry.h"

#include "renderer/lights/ambient_light.h"
#include "renderer/lights/area_light.h"
#include "renderer/lights/distant_light.h"
#include "renderer/lights/infinite_light.h"
#include "renderer/lights/point_light.h"
#include "renderer/lights/spot_light.h"

#include <fmt/format.h>

namespace lrt {

namespace {
const LightEntry* const kLights[] = {
    &PointLight::registryEntry,   &SpotLight::registryEntry,     &DistantLight::registryEntry,
    &AmbientLight::registryEntry, &InfiniteLight::registryEntry, &AreaLight::registryEntry,
};
} // namespace

const Registry<LightEntry>& lightRegistry() {
    static const Registry<LightEntry> registry(kLights);
    return registry;
}

Aim lightAim(const Parameters& parameters, const LightContext& context, std::string_view light) {
    const Aim aim{parameters.getPoint("from"), parameters.getPoint("to")};
    if (aim.from == aim.to)
        throw SceneError(context.where,
                         fmt::format("{} needs \"from\" and \"to\" to differ", light));
    return aim;
}

Color lightPower(const Parameters& parameters) {
    return parameters.getColor("lightcolor") * parameters.getFloat("intensity");
}

} // namespace lrt
