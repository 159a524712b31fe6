#include "renderer/materials/coated_diffuse.h"

#include "renderer/materials/coating.h"
#include "renderer/materials/dielectric_bxdf.h"
#include "renderer/materials/diffuse_bxdf.h"
#include "renderer/materials/roughness.h"

namespace lrt {

namespace {

constexpr auto kParameters = joinTables(
    withRoughness(std::array<ParameterSpec, 2>{{
        {"reflectance", ValueKind::Rgb, Color(0.5f), kReal.atLeast(0).atMost(1),
         "the base's diffuse reflectance, times Color"},
        {"eta", ValueKind::Float, 1.5f, kReal.above(0), "index of refraction of the coat"},
    }}),
    kSlabParameters);

std::unique_ptr<Material> create(const Parameters& p, MaterialContext& context) {
    return std::make_unique<CoatedDiffuse>(p.getColor("reflectance"), p.getFloat("eta"),
                                           roughnessOf(p, context.parameterTextures),
                                           slabOf(p, context.parameterTextures));
}

} // namespace

const MaterialEntry CoatedDiffuse::registryEntry{{"coateddiffuse", kParameters}, &create};

void CoatedDiffuse::withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const {
    const DielectricBxdf top(eta_, coat_.at(point));
    const DiffuseBxdf bottom(reflectance_ * point.color);
    use(LayeredBxdf(top, bottom, slab_.at(point)));
}

} // namespace lrt
