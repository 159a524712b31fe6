// "ambientlight": its parameters and creation.
#include "renderer/lights/ambient_light.h"

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"intensity", Float, 1.0f, {}, "scales lightcolor"},
    {"lightcolor", Rgb, Color{1, 1, 1}, {}, "radiance, reflected through each surface's Ka"},
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext&) {
    return std::make_unique<AmbientLight>(lightPower(p));
}

} // namespace

const LightEntry AmbientLight::registryEntry{"ambientlight", false, kParameters, &create};

} // namespace lrt
