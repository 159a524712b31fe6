// "pointlight": its parameters and creation.
#include "renderer/lights/point_light.h"

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"from", Point, Vec3{0, 0, 0}, {}, "the light's position"},
    kIntensityParameter,
    lightColorParameter("radiant intensity"),
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext& c) {
    return std::make_unique<PointLight>(c.lightToWorld.point(p.getPoint("from")), lightPower(p));
}

} // namespace

const LightEntry PointLight::registryEntry{{"pointlight", false, kParameters}, &create};

} // namespace lrt
