#include "renderer/textures/checkerboard_texture.h"

#include <cmath>

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"uscale", Float, 1.0f, {}, "s' = uscale s + udelta: squares per unit of s"},
    {"vscale", Float, 1.0f, {}, "t' = vscale t + vdelta"},
    {"udelta", Float, 0.0f, {}, "added to s after scaling"},
    {"vdelta", Float, 0.0f, {}, "added to t after scaling"},
};
constexpr std::string_view kInputs[] = {"tex1", "tex2"};

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs& inputs,
                                     TextureBuild&) {
    return std::make_unique<CheckerboardTexture>(
        UvMapping{p.getFloat("uscale"), p.getFloat("vscale"), p.getFloat("udelta"),
                  p.getFloat("vdelta")},
        *inputs.at("tex1"), *inputs.at("tex2"));
}

} // namespace

const TextureEntry CheckerboardTexture::registryEntry{"checkerboard", kParameters, kInputs,
                                                      &create};

Color CheckerboardTexture::evaluate(const TextureContext& context) const {
    const TextureContext c = mapping_.apply(context);
    const auto square = static_cast<long long>(std::floor(c.st.x) + std::floor(c.st.y));
    return square % 2 == 0 ? even_.evaluate(context) : odd_.evaluate(context);
}

} // namespace lrt
