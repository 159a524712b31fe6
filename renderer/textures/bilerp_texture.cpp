#include "renderer/textures/bilerp_texture.h"

namespace lrt {

namespace {

constexpr auto kParameters = joinTables(std::array<ParameterSpec, 4>{{
                                            {"v00", ValueKind::Rgb, Color(0), {}, "at (0, 0)"},
                                            {"v10", ValueKind::Rgb, Color(0), {}, "at (1, 0)"},
                                            {"v01", ValueKind::Rgb, Color(1), {}, "at (0, 1)"},
                                            {"v11", ValueKind::Rgb, Color(1), {}, "at (1, 1)"},
                                        }},
                                        kMapping2DParameters);

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs&,
                                     TextureBuild& build) {
    return std::make_unique<BilerpTexture>(
        TextureMapping2D::of(p, build.worldToTexture),
        std::array{p.getColor("v00"), p.getColor("v10"), p.getColor("v01"), p.getColor("v11")});
}

} // namespace

const TextureEntry BilerpTexture::registryEntry{{"bilerp", kParameters, {}}, &create};

Color BilerpTexture::evaluate(const TextureContext& context) const {
    const Vec2 st = mapping_.map(context).st;
    const float s = st.x, t = st.y;
    return corners_[0] * ((1 - s) * (1 - t)) + corners_[1] * (s * (1 - t)) +
           corners_[2] * ((1 - s) * t) + corners_[3] * (s * t);
}

} // namespace lrt
