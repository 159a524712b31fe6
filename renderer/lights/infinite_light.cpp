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
    {"mapname", String, {}, {}, "an environment image, relative to the scene"},
    {"mapping",
     String,
     "latlong",
     {},
     "how the image covers the sphere: latitude-longitude, or pbrt-v4's square equal-area maps",
     [] {
         return std::vector<std::string_view>{"latlong", "equalarea"};
     }},
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext& c) {
    const std::string mapName = p.getString("mapname");
    if (mapName.empty())
        return std::make_unique<InfiniteLight>(lightPower(p));
    const std::string mapping = p.getString("mapping");
    Image map;
    try {
        map = readImage(c.directory / mapName);
    } catch (const std::exception& e) {
        throw SceneError(p.where("mapname"), e.what());
    }
    const bool equalArea = mapping == "equalarea";
    if (equalArea && map.width != map.height)
        throw SceneError(p.where("mapname"), "an equal-area environment map must be square, and '" +
                                                 mapName + "' is " + std::to_string(map.width) +
                                                 " x " + std::to_string(map.height));
    return std::make_unique<EnvironmentLight>(std::move(map), lightPower(p), c.lightToWorld,
                                              equalArea ? EnvironmentLight::Mapping::EqualArea
                                                        : EnvironmentLight::Mapping::LatLong);
}

} // namespace

const LightEntry InfiniteLight::registryEntry{{"infinite", false, kParameters}, &create};

} // namespace lrt
