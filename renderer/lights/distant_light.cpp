// "distantlight": its parameters and creation.
#include "renderer/lights/distant_light.h"

#include "renderer/core/scene_error.h"

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"from", Point, Vec3{0, 0, 0}, {}, "light travels from here..."},
    {"to", Point, Vec3{0, 0, 1}, {}, "...towards here"},
    {"intensity", Float, 1.0f, {}, "scales lightcolor"},
    {"lightcolor", Rgb, Color{1, 1, 1}, {}, "irradiance on a surface facing the light"},
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext& c) {
    const Vec3 from = p.getPoint("from"), to = p.getPoint("to");
    if (from == to)
        throw SceneError(c.where, "distantlight needs \"from\" and \"to\" to differ");
    return std::make_unique<DistantLight>(c.lightToWorld.vector(from - to), lightPower(p));
}

} // namespace

const LightEntry DistantLight::registryEntry{"distantlight", false, kParameters, &create};

} // namespace lrt
