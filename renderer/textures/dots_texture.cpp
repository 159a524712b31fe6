#include "renderer/textures/dots_texture.h"

#include "renderer/textures/perlin_noise.h"

#include <cmath>

namespace lrt {

namespace {

constexpr TextureInput kInputs[] = {
    {"inside", Color(1), "the colour of the dots"},
    {"outside", Color(0), "the colour between them"},
};

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs& inputs,
                                     TextureBuild& build) {
    return std::make_unique<DotsTexture>(TextureMapping2D::of(p, build.worldToTexture),
                                         *inputs.at("inside"), *inputs.at("outside"));
}

} // namespace

const TextureEntry DotsTexture::registryEntry{{"dots", kMapping2DParameters, kInputs}, &create};

bool DotsTexture::insideDot(Vec2 st) {
    const float s = std::floor(st.x + 0.5f), t = std::floor(st.y + 0.5f);
    if (!(perlinNoise(s + 0.5f, t + 0.5f, 0.5f) > 0))
        return false;
    constexpr float kRadius = 0.35f, kMaxShift = 0.5f - kRadius;
    const float sCentre = s + kMaxShift * perlinNoise(s + 1.5f, t + 2.8f, 0.5f);
    const float tCentre = t + kMaxShift * perlinNoise(s + 4.5f, t + 9.8f, 0.5f);
    const float ds = st.x - sCentre, dt = st.y - tCentre;
    return ds * ds + dt * dt < kRadius * kRadius;
}

Color DotsTexture::evaluate(const TextureContext& context) const {
    return insideDot(mapping_.map(context).st) ? inside_.evaluate(context)
                                               : outside_.evaluate(context);
}

} // namespace lrt
