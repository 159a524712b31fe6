// Every texture lrt can create, by name: the one place that maps texture names to classes, each
// entry beside its class with its parameter table. Scene importers describe textures as a tree of
// TextureDescriptions (a texture's inputs are textures themselves); createTexture builds the tree.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
#include "renderer/description/scene_vocabulary.h"
#include "renderer/description/texture_description.h"
#include "renderer/textures/texture.h"
#include "renderer/textures/texture_system.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace lrt {

// What creating a texture may need beyond its parameters.
struct TextureBuild {
    // The scene's texture system, created by the first image.
    std::unique_ptr<TextureSystem>& images;
    std::filesystem::path directory;
    SourceLocation where;
    const Transform& worldToTexture; // TextureDescription::worldToTexture
};

// The built inputs of a texture, by slot name.
using TextureInputs = std::map<std::string, const ColorTexture*, std::less<>>;

// A texture's syntax (name, parameters, input slots) and how to make it.
struct TextureEntry : TextureSyntax {
    std::unique_ptr<ColorTexture> (*create)(const Parameters& parameters,
                                            const TextureInputs& inputs, TextureBuild& build);
};

const Registry<TextureEntry>& textureRegistry();

// Builds `description` and its inputs, each made once however often it is shared (`made`
// remembers them; `own` keeps them alive). Throws SceneError for a bad parameter or an image that
// cannot be read, at the statement that described it.
const ColorTexture*
createTexture(const TextureDescription& description, std::unique_ptr<TextureSystem>& images,
              std::map<const TextureDescription*, const ColorTexture*>& made,
              const std::function<const ColorTexture*(std::unique_ptr<ColorTexture>)>& own);

} // namespace lrt
