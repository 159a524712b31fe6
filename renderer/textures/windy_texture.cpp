#include "renderer/textures/windy_texture.h"

#include "renderer/textures/perlin_noise.h"
#include "renderer/textures/texture_mapping.h"

#include <cmath>

namespace lrt {

namespace {

std::unique_ptr<ColorTexture> create(const Parameters&, const TextureInputs&, TextureBuild& build) {
    return std::make_unique<WindyTexture>(build.worldToTexture);
}

} // namespace

const TextureEntry WindyTexture::registryEntry{{"windy", {}, {}}, &create};

Color WindyTexture::evaluate(const TextureContext& context) const {
    const TexturePoint t = mapPoint(worldToTexture_, context);
    const float strength = fbm(t.p * 0.1f, t.dpdx * 0.1f, t.dpdy * 0.1f, 0.5f, 3);
    const float height = fbm(t.p, t.dpdx, t.dpdy, 0.5f, 6);
    return Color(std::fabs(strength) * height);
}

} // namespace lrt
