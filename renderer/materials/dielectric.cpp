#include "renderer/materials/dielectric.h"

#include "renderer/materials/dielectric_bxdf.h"
#include "renderer/materials/roughness.h"

namespace lrt {

namespace {

constexpr auto kParameters = withRoughness(std::array<ParameterSpec, 1>{{
    {"eta", ValueKind::Float, 1.5f, kReal.above(0), "index of refraction of the inside"},
}});

std::unique_ptr<Material> create(const Parameters& p, MaterialContext& context) {
    return std::make_unique<Dielectric>(p.getFloat("eta"),
                                        roughnessOf(p, context.parameterTextures));
}

} // namespace

const MaterialEntry Dielectric::registryEntry{{"dielectric", kParameters}, &create};

void Dielectric::withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const {
    use(DielectricBxdf(eta_, roughness_.at(point)));
}

} // namespace lrt
