#include "renderer/materials/diffuse_transmission.h"

#include "renderer/core/scene_error.h"
#include "renderer/materials/diffuse_bxdf.h"

#include <fmt/format.h>

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"reflectance",
     ValueKind::Rgb,
     Color(0.25f),
     {},
     "diffuse reflectance per channel in [0, 1], times Color"},
    {"transmittance",
     ValueKind::Rgb,
     Color(0.25f),
     {},
     "diffuse transmittance per channel in [0, 1]"},
    {"scale", ValueKind::Float, 1.0f, kReal.atLeast(0), "scale of both"},
};

Color unitColor(const Parameters& p, std::string_view name) {
    const Color c = p.getColor(name);
    for (const float v : {c.r, c.g, c.b})
        if (!(v >= 0 && v <= 1))
            throw SceneError(p.where(name),
                             fmt::format("\"{}\" must be in [0, 1] in every channel", name));
    return c;
}

std::unique_ptr<Material> create(const Parameters& p, MaterialContext&) {
    const float scale = p.getFloat("scale");
    return std::make_unique<DiffuseTransmission>(unitColor(p, "reflectance") * scale,
                                                 unitColor(p, "transmittance") * scale);
}

} // namespace

const MaterialEntry DiffuseTransmission::registryEntry{{"diffusetransmission", kParameters},
                                                       &create};

void DiffuseTransmission::withBxdf(const ShadingPoint& point,
                                   FunctionRef<void(const Bxdf&)> use) const {
    use(DiffuseBxdf(reflectance_ * point.color, transmittance_));
}

} // namespace lrt
