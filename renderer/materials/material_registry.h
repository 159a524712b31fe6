// Every material lrt can create, by name: the built-in surfaces, each entry beside its class with
// its parameter table, and SL shaders for any other name (found on the shader search path). The
// scene builder creates every Surface through createMaterial.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
#include "renderer/description/scene_vocabulary.h"
#include "renderer/description/shader_options.h"
#include "renderer/materials/float_input.h"
#include "renderer/materials/material.h"
#include "renderer/materials/shader_library.h"
#include "renderer/textures/texture_system.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace lrt {

// What creating a material may need beyond its parameters.
struct MaterialContext {
    std::string_view name;           // the Surface name
    SourceLocation where;            // the Surface statement
    std::filesystem::path directory; // texture files are named relative to the scene's folder
    ShaderLibrary& shaders;
    ShaderOptions shaderOptions;
    // The scene's texture system, created by the first material that binds an image.
    std::unique_ptr<TextureSystem>& textures;
    // The textures bound to float parameters (a material takes them with floatInput).
    ParameterTextureBindings parameterTextures;
};

// A Surface's syntax (name, parameters) and how to make it.
struct MaterialEntry : EntitySyntax {
    std::unique_ptr<Material> (*create)(const Parameters& parameters, MaterialContext& context);
};

// The built-in surfaces.
const Registry<MaterialEntry>& materialRegistry();

// Surface `context.name` with `parameters`: a built-in, or else the SL shader of that name.
// Throws SceneError for an unknown name, a shader that does not load, a bad parameter, or a
// texture bound to a parameter that takes none.
std::unique_ptr<Material> createMaterial(const ParameterList& parameters, MaterialContext& context);

// Throws SceneError at the binding (or the Surface statement) when a texture is bound to a
// parameter that the material `what` ("Surface \"matte\"") made from `context` did not take.
void refuseUntakenTextures(const MaterialContext& context, std::string_view what);

} // namespace lrt
