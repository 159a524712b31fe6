#include "renderer/textures/clamp_texture.h"

#include "renderer/core/scene_error.h"

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"min", ValueKind::Float, 0.0f, {}, "the least value of a channel"},
    {"max", ValueKind::Float, 1.0f, {}, "the greatest value of a channel; at least min"},
};
constexpr TextureInput kInputs[] = {{"tex", Color(1), "the texture clamped, per channel"}};

std::unique_ptr<ColorTexture> create(const Parameters& p, const TextureInputs& inputs,
                                     TextureBuild&) {
    if (p.getFloat("max") < p.getFloat("min"))
        throw SceneError(p.where("max"), "\"max\" must be at least \"min\"");
    return std::make_unique<ClampTexture>(*inputs.at("tex"), p.getFloat("min"), p.getFloat("max"));
}

} // namespace

const TextureEntry ClampTexture::registryEntry{{"clamp", kParameters, kInputs}, &create};

} // namespace lrt
