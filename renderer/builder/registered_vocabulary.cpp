// The registries' syntax, gathered once for the scene readers.
#include "renderer/builder/registered_vocabulary.h"

#include "renderer/camera/camera_registry.h"
#include "renderer/film/filter.h"
#include "renderer/integrators/integrator_registry.h"
#include "renderer/lights/light_registry.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/mix_material.h"
#include "renderer/materials/sl_material.h"
#include "renderer/sampling/sampler.h"
#include "renderer/shapes/shape_registry.h"
#include "renderer/textures/texture_registry.h"

namespace lrt {

namespace {

// Each entry of `registry` as its syntax (the base of every registry entry).
template <typename Syntax, typename Entry>
std::vector<const Syntax*> syntaxOf(const Registry<Entry>& registry) {
    return {registry.begin(), registry.end()};
}

SceneVocabulary gather() {
    SceneVocabulary words;
    words.shapes = syntaxOf<ShapeSyntax>(shapeRegistry());
    words.lights = syntaxOf<LightSyntax>(lightRegistry());
    words.materials = syntaxOf<EntitySyntax>(materialRegistry());
    words.mix = &MixMaterial::syntax;
    words.textures = syntaxOf<TextureSyntax>(textureRegistry());
    words.projections = syntaxOf<EntitySyntax>(cameraRegistry());
    words.integrators = syntaxOf<EntitySyntax>(integratorRegistry());
    words.filters = filterRegistry().names();
    words.samplers = samplerRegistry().names();
    words.shaderParameters = SlMaterial::parameterTable();
    return words;
}

} // namespace

const SceneVocabulary& registeredVocabulary() {
    static const SceneVocabulary vocabulary = gather();
    return vocabulary;
}

} // namespace lrt
