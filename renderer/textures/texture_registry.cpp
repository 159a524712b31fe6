// The table of textures, and building a texture tree.
#include "renderer/textures/texture_registry.h"

#include "renderer/textures/bilerp_texture.h"
#include "renderer/textures/checkerboard_texture.h"
#include "renderer/textures/clamp_texture.h"
#include "renderer/textures/constant_texture.h"
#include "renderer/textures/direction_mix_texture.h"
#include "renderer/textures/dots_texture.h"
#include "renderer/textures/image_texture.h"
#include "renderer/textures/marble_texture.h"
#include "renderer/textures/mix_texture.h"
#include "renderer/textures/octave_noise_texture.h"
#include "renderer/textures/scale_texture.h"
#include "renderer/textures/windy_texture.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {
const TextureEntry* const kTextures[] = {
    &ConstantTexture::registryEntry,     &ImageTexture::registryEntry,
    &CheckerboardTexture::registryEntry, &ScaleTexture::registryEntry,
    &MixTexture::registryEntry,          &BilerpTexture::registryEntry,
    &DotsTexture::registryEntry,         &DirectionMixTexture::registryEntry,
    &OctaveNoiseTexture::fbmEntry,       &OctaveNoiseTexture::wrinkledEntry,
    &WindyTexture::registryEntry,        &MarbleTexture::registryEntry,
    &ClampTexture::registryEntry,
};

// Importers build texture trees from named textures defined before their use, so a tree is
// finite; this bound keeps a hostile description from exhausting the stack all the same.
constexpr int kMaxTextureDepth = 64;

const ColorTexture*
build(const TextureDescription& d, std::unique_ptr<TextureSystem>& images,
      std::map<const TextureDescription*, const ColorTexture*>& made,
      const std::function<const ColorTexture*(std::unique_ptr<ColorTexture>)>& own, int depth) {
    if (const auto it = made.find(&d); it != made.end())
        return it->second;
    if (depth > kMaxTextureDepth)
        throw SceneError(d.where,
                         fmt::format("textures nested more than {} deep", kMaxTextureDepth));
    const TextureEntry* entry = textureRegistry().find(d.type);
    if (!entry)
        throw std::logic_error(fmt::format("texture '{}' is not registered", d.type));
    TextureInputs inputs;
    for (const TextureInput& slot : entry->inputs) {
        const auto it = d.inputs.find(slot.name);
        if (it == d.inputs.end() || !it->second)
            throw std::logic_error(
                fmt::format("texture '{}' lacks its input '{}'", d.type, slot.name));
        inputs[std::string(slot.name)] = build(*it->second, images, made, own, depth + 1);
    }
    TextureBuild context{images, d.directory, d.where, d.worldToTexture};
    const Parameters parameters(d.parameters, entry->parameters,
                                fmt::format("texture \"{}\"", d.type), d.where);
    const ColorTexture* texture = own(entry->create(parameters, inputs, context));
    made[&d] = texture;
    return texture;
}

} // namespace

const Registry<TextureEntry>& textureRegistry() {
    static const Registry<TextureEntry> registry(kTextures);
    return registry;
}

const ColorTexture*
createTexture(const TextureDescription& description, std::unique_ptr<TextureSystem>& images,
              std::map<const TextureDescription*, const ColorTexture*>& made,
              const std::function<const ColorTexture*(std::unique_ptr<ColorTexture>)>& own) {
    return build(description, images, made, own, 0);
}

} // namespace lrt
