#include "renderer/textures/mix_texture.h"

namespace lrt {

namespace {

constexpr std::string_view kInputs[] = {"tex1", "tex2", "amount"};

std::unique_ptr<ColorTexture> create(const Parameters&, const TextureInputs& inputs,
                                     TextureBuild&) {
    return std::make_unique<MixTexture>(*inputs.at("tex1"), *inputs.at("tex2"),
                                        *inputs.at("amount"));
}

} // namespace

const TextureEntry MixTexture::registryEntry{"mix", {}, kInputs, &create};

} // namespace lrt
