#include "renderer/materials/diffuse_transmission.h"

#include "renderer/materials/diffuse_bxdf.h"

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"reflectance", ValueKind::Rgb, Color(0.25f), kReal.atLeast(0).atMost(1),
     "diffuse reflectance, times Color"},
    {"transmittance", ValueKind::Rgb, Color(0.25f), kReal.atLeast(0).atMost(1),
     "diffuse transmittance"},
    {"scale", ValueKind::Float, 1.0f, kReal.atLeast(0), "scale of both"},
};

std::unique_ptr<Material> create(const Parameters& p, MaterialContext& context) {
    return std::make_unique<DiffuseTransmission>(p.getColor("reflectance"),
                                                 p.getColor("transmittance"),
                                                 context.parameterTextures.floatInput(p, "scale"));
}

} // namespace

const MaterialEntry DiffuseTransmission::registryEntry{{"diffusetransmission", kParameters},
                                                       &create};

void DiffuseTransmission::withBxdf(const ShadingPoint& point,
                                   FunctionRef<void(const Bxdf&)> use) const {
    const float scale = scale_.at(point);
    use(DiffuseBxdf(reflectance_ * point.color * scale, transmittance_ * scale));
}

} // namespace lrt
