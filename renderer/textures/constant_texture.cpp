#include "renderer/textures/constant_texture.h"

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"value", Rgb, Color{1, 1, 1}, {}, "the colour"},
};

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs&, TextureBuild&) {
    return std::make_unique<ConstantTexture>(p.getColor("value"));
}

} // namespace

const TextureEntry ConstantTexture::registryEntry{{"constant", kParameters, {}}, &create};

} // namespace lrt
