// "infinite": its parameters and creation, uniform or from an environment map.
#include "renderer/lights/infinite_light.h"

#include "renderer/core/scene_error.h"
#include "renderer/lights/environment_light.h"

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    kIntensityParameter,
    lightColorParameter("radiance arriving from every direction"),
    {"mapname", String, {}, {}, "a latitude-longitude image, relative to the scene"},
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext& c) {
    const std::string mapName = p.getString("mapname");
    if (mapName.empty())
        return std::make_unique<InfiniteLight>(lightPower(p));
    Image map;
    try {
        map = readImage(c.directory / mapName);
    } catch (const std::exception& e) {
        throw SceneError(p.where("mapname"), e.what());
    }
    return std::make_unique<EnvironmentLight>(std::move(map), lightPower(p), c.lightToWorld);
}

} // namespace

const LightEntry InfiniteLight::registryEntry{"infinite", false, kParameters, &create};

} // namespace lrt
