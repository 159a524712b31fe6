#include "renderer/textures/scale_texture.h"

namespace lrt {

namespace {

constexpr TextureInput kInputs[] = {
    {"tex", Color(1), "the texture scaled"},
    {"scale", Color(1), "its factor, per channel"},
};

std::unique_ptr<ColorTexture> create(const Parameters&, const TextureInputs& inputs,
                                     TextureBuild&) {
    return std::make_unique<ScaleTexture>(*inputs.at("tex"), *inputs.at("scale"));
}

} // namespace

const TextureEntry ScaleTexture::registryEntry{{"scale", {}, kInputs}, &create};

} // namespace lrt
