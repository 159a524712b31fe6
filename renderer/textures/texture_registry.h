// Every texture lrt can create, by name: the one place that maps texture names to classes, each
// entry beside its class with its parameter table. Scene importers describe textures as a tree of
// TextureDescriptions (a texture's inputs are textures themselves); createTexture builds the tree.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
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

struct TextureDescription {
    std::string type; // a registered texture: "constant", "imagemap", "checkerboard", ...
    ParameterList parameters;
    // The textures in the entry's input slots ("tex1", "amount", ...), every slot filled.
    std::map<std::string, std::shared_ptr<const TextureDescription>, std::less<>> inputs;
    std::filesystem::path directory; // image files are named relative to it
    SourceLocation where;
};

// A constant texture of colour `value` (an importer's fill for an input given as a number).
std::shared_ptr<const TextureDescription> constantTexture(Color value, const SourceLocation& where);

// What creating a texture may need beyond its parameters.
struct TextureBuild {
    // The scene's texture system, created by the first image.
    std::unique_ptr<TextureSystem>& images;
    std::filesystem::path directory;
    SourceLocation where;
};

// The built inputs of a texture, by slot name.
using TextureInputs = std::map<std::string, const ColorTexture*, std::less<>>;

struct TextureEntry {
    std::string_view name;
    ParameterTable parameters;
    std::span<const std::string_view> inputs; // the slots that take textures
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
