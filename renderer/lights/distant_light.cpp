// "distantlight": its parameters and creation.
#include "renderer/lights/distant_light.h"

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"from", Point, Vec3{0, 0, 0}, {}, "light travels from here..."},
    {"to", Point, Vec3{0, 0, 1}, {}, "...towards here"},
    kIntensityParameter,
    lightColorParameter("irradiance on a surface facing the light"),
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext& c) {
    const Aim aim = lightAim(p, c, "distantlight");
    return std::make_unique<DistantLight>(c.lightToWorld.vector(aim.from - aim.to), lightPower(p));
}

} // namespace

const LightEntry DistantLight::registryEntry{{"distantlight", false, kParameters}, &create};

} // namespace lrt
