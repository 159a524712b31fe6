#include "renderer/textures/direction_mix_texture.h"

#include "renderer/core/scene_error.h"

#include <cmath>

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"dir", ValueKind::Point, Vec3{0, 1, 0}, {}, "the direction tex1 faces, in texture space"},
};
constexpr TextureInput kInputs[] = {
    {"tex1", Color(0), "where the surface faces along dir (|n . dir| = 1)"},
    {"tex2", Color(1), "where it runs along dir (n across it)"},
};

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs& inputs,
                                     TextureBuild& build) {
    const Vec3 world = build.worldToTexture.inverse().vector(p.getPoint("dir"));
    if (!(lengthSquared(world) > 0) || !std::isfinite(lengthSquared(world)))
        throw SceneError(p.where("dir"), "\"dir\" must be a nonzero direction");
    return std::make_unique<DirectionMixTexture>(normalize(world), *inputs.at("tex1"),
                                                 *inputs.at("tex2"));
}

} // namespace

const TextureEntry DirectionMixTexture::registryEntry{{"directionmix", kParameters, kInputs},
                                                      &create};

Color DirectionMixTexture::evaluate(const TextureContext& context) const {
    const float amount = std::min(std::fabs(dot(context.n, direction_)), 1.0f);
    return along_.evaluate(context) * amount + across_.evaluate(context) * (1 - amount);
}

} // namespace lrt
