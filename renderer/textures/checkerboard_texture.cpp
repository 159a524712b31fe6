#include "renderer/textures/checkerboard_texture.h"

#include <cmath>

namespace lrt {

namespace {

const auto kParameters =
    joinTables(std::array<ParameterSpec, 1>{{
                   {"dimension", ValueKind::Integer, 2, kInteger.atLeast(2).atMost(3),
                    "2: squares of the mapped (s', t'); 3: cubes of texture space"},
               }},
               kMapping2DParameters);
constexpr TextureInput kInputs[] = {
    {"tex1", Color(1), "the squares (or cubes) whose cell indices sum to an even number"},
    {"tex2", Color(0), "the others"},
};

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs& inputs,
                                     TextureBuild& build) {
    const ColorTexture& even = *inputs.at("tex1");
    const ColorTexture& odd = *inputs.at("tex2");
    if (p.getInteger("dimension") == 3)
        return std::make_unique<CheckerboardTexture>(build.worldToTexture, even, odd);
    return std::make_unique<CheckerboardTexture>(TextureMapping2D::of(p, build.worldToTexture),
                                                 even, odd);
}

} // namespace

const TextureEntry CheckerboardTexture::registryEntry{{"checkerboard", kParameters, kInputs},
                                                      &create};

Color CheckerboardTexture::evaluate(const TextureContext& context) const {
    double cells = 0;
    if (solid_) {
        const Vec3 p = worldToTexture_.point(context.p);
        cells = std::floor(double(p.x)) + std::floor(double(p.y)) + std::floor(double(p.z));
    } else {
        const Vec2 st = mapping_.map(context).st;
        cells = std::floor(double(st.x)) + std::floor(double(st.y));
    }
    return std::fmod(cells, 2.0) == 0 ? even_.evaluate(context) : odd_.evaluate(context);
}

} // namespace lrt
