#include "renderer/textures/mix_texture.h"

namespace lrt {

namespace {

constexpr TextureInput kInputs[] = {
    {"tex1", Color(0), "the colour where amount is 0"},
    {"tex2", Color(1), "the colour where amount is 1"},
    {"amount", Color(0.5f), "the weight of tex2, per channel"},
};

std::unique_ptr<ColorTexture> create(const Parameters&, const TextureInputs& inputs,
                                     TextureBuild&) {
    return std::make_unique<MixTexture>(*inputs.at("tex1"), *inputs.at("tex2"),
                                        *inputs.at("amount"));
}

} // namespace

const TextureEntry MixTexture::registryEntry{{"mix", {}, kInputs}, &create};

} // namespace lrt
