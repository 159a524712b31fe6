// A texture as a scene describes it: a tree of named textures, each with its parameters and the
// textures in its input slots. createTexture (renderer/textures/texture_registry.h) builds it.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/parameter_list.h"
#include "renderer/core/transform.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace lrt {

struct TextureDescription {
    std::string type; // a registered texture: "constant", "imagemap", "checkerboard", ...
    ParameterList parameters;
    // The textures in the entry's input slots ("tex1", "amount", ...), every slot filled.
    std::map<std::string, std::shared_ptr<const TextureDescription>, std::less<>> inputs;
    std::filesystem::path directory; // image files are named relative to it
    // From world space to the texture's own (the inverse of the transform current where the
    // texture was defined): the space of 3-D textures and of the spherical, cylindrical and
    // planar mappings.
    Transform worldToTexture;
    SourceLocation where;
};

// A constant texture of colour `value` (an importer's fill for an input given as a number).
std::shared_ptr<const TextureDescription> constantTexture(Color value, const SourceLocation& where);

} // namespace lrt
