#include "renderer/materials/coated_conductor.h"

#include "renderer/materials/coating.h"
#include "renderer/materials/conductor.h"
#include "renderer/materials/conductor_bxdf.h"
#include "renderer/materials/dielectric_bxdf.h"
#include "renderer/materials/fresnel.h"
#include "renderer/materials/roughness.h"

namespace lrt {

namespace {

using enum ValueKind;
constexpr auto kParameters = joinTables(
    std::array<ParameterSpec, 11>{{
        {"interface.eta", Float, 1.5f, kReal.above(0), "index of refraction of the coat"},
        {"interface.roughness", Float, 0.0f, kReal.atLeast(0),
         "GGX alpha of the coat; below 0.001 it is smooth"},
        {"interface.uroughness",
         Float,
         {},
         kReal.atLeast(0),
         "the coat's alpha along dp/du, \"interface.roughness\" when not given"},
        {"interface.vroughness",
         Float,
         {},
         kReal.atLeast(0),
         "the coat's alpha along dp/dv, \"interface.roughness\" when not given"},
        {"conductor.eta", Rgb, kCopperEta, kReal.above(0),
         "real part of the conductor's index per channel; copper by default"},
        {"conductor.k", Rgb, kCopperK, kReal.atLeast(0),
         "imaginary part of the conductor's index per channel"},
        {"reflectance",
         Rgb,
         {},
         kReal.atLeast(0).atMost(1),
         "the conductor's normal-incidence reflectance, times Color; replaces its eta and k"},
        {"conductor.roughness", Float, 0.0f, kReal.atLeast(0),
         "GGX alpha of the conductor; below 0.001 it is smooth"},
        {"conductor.uroughness",
         Float,
         {},
         kReal.atLeast(0),
         "the conductor's alpha along dp/du, \"conductor.roughness\" when not given"},
        {"conductor.vroughness",
         Float,
         {},
         kReal.atLeast(0),
         "the conductor's alpha along dp/dv, \"conductor.roughness\" when not given"},
        kRemapRoughness,
    }},
    kSlabParameters);

std::unique_ptr<Material> create(const Parameters& p, MaterialContext& context) {
    ParameterTextureBindings& textures = context.parameterTextures;
    return std::make_unique<CoatedConductor>(CoatedConductor::Layers{
        p.getFloat("interface.eta"), roughnessOf(p, textures, "interface."),
        roughnessOf(p, textures, "conductor."), p.getColor("conductor.eta"),
        p.getColor("conductor.k"), conductorReflectance(p, "conductor.eta", "conductor.k"),
        slabOf(p, textures)});
}

} // namespace

const MaterialEntry CoatedConductor::registryEntry{{"coatedconductor", kParameters}, &create};

void CoatedConductor::withBxdf(const ShadingPoint& point,
                               FunctionRef<void(const Bxdf&)> use) const {
    const DielectricBxdf top(layers_.interfaceEta, layers_.interface.at(point));
    Color eta = layers_.conductorEta, k = layers_.conductorK;
    if (layers_.reflectance) {
        eta = Color(1);
        k = conductorKOfReflectance(*layers_.reflectance * point.color);
    }
    // The conductor sits in the coat: its index relative to the coat's.
    const ConductorBxdf bottom(layers_.conductor.at(point), eta / layers_.interfaceEta,
                               k / layers_.interfaceEta);
    use(LayeredBxdf(top, bottom, layers_.slab.at(point)));
}

} // namespace lrt
