// "ambientlight": its parameters and creation.
#include "renderer/lights/ambient_light.h"

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    kIntensityParameter,
    lightColorParameter("radiance, reflected through each surface's Ka"),
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext&) {
    return std::make_unique<AmbientLight>(lightPower(p));
}

} // namespace

const LightEntry AmbientLight::registryEntry{{"ambientlight", false, kParameters}, &create};

} // namespace lrt
