// The table of built-in surfaces, and the fall-back to SL shaders.
#include "renderer/materials/material_registry.h"

#include "renderer/materials/coated_conductor.h"
#include "renderer/materials/coated_diffuse.h"
#include "renderer/materials/conductor.h"
#include "renderer/materials/constant.h"
#include "renderer/materials/dielectric.h"
#include "renderer/materials/diffuse_transmission.h"
#include "renderer/materials/glass.h"
#include "renderer/materials/matte.h"
#include "renderer/materials/metal.h"
#include "renderer/materials/metallic_roughness.h"
#include "renderer/materials/mirror.h"
#include "renderer/materials/plastic.h"
#include "renderer/materials/sl_material.h"
#include "renderer/materials/thin_dielectric.h"

#include <fmt/format.h>

namespace lrt {

namespace {
const MaterialEntry* const kMaterials[] = {
    &Matte::registryEntry,
    &Plastic::registryEntry,
    &Metal::registryEntry,
    &Mirror::registryEntry,
    &Glass::registryEntry,
    &Constant::registryEntry,
    &Dielectric::registryEntry,
    &ThinDielectric::registryEntry,
    &Conductor::registryEntry,
    &DiffuseTransmission::registryEntry,
    &CoatedDiffuse::registryEntry,
    &CoatedConductor::registryEntry,
    &MetallicRoughnessMaterial::registryEntry,
};
} // namespace

const Registry<MaterialEntry>& materialRegistry() {
    static const Registry<MaterialEntry> registry(kMaterials);
    return registry;
}

std::unique_ptr<Material> createMaterial(const ParameterList& parameters,
                                         MaterialContext& context) {
    const std::string what = fmt::format("Surface \"{}\"", context.name);
    std::unique_ptr<Material> made;
    if (const MaterialEntry* entry = materialRegistry().find(context.name))
        made =
            entry->create(Parameters(parameters, entry->parameters, what, context.where), context);
    else
        made = SlMaterial::create(parameters, what, context);
    refuseUntakenTextures(context, what);
    return made;
}

void refuseUntakenTextures(const MaterialContext& context, std::string_view what) {
    if (const auto* binding = context.parameterTextures.untaken())
        throw SceneError(
            binding->second.where.file.empty() ? context.where : binding->second.where,
            fmt::format("{} takes no texture for parameter '{}'", what, binding->first));
}

} // namespace lrt
