// "clamp": input tex with each channel clamped to [min, max]: a texture that may leave [0, 1]
// (a mix extrapolating by noise) made a reflectance, as pbrt-v4's materials clamp theirs.
#pragma once

#include "renderer/textures/texture_registry.h"

#include <algorithm>

namespace lrt {

class ClampTexture final : public ColorTexture {
public:
    // Its parameters and create() are in clamp_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    ClampTexture(const ColorTexture& texture, float low, float high)
        : texture_(texture), low_(low), high_(high) {}
    Color evaluate(const TextureContext& context) const override {
        const Color c = texture_.evaluate(context);
        return {std::clamp(c.r, low_, high_), std::clamp(c.g, low_, high_),
                std::clamp(c.b, low_, high_)};
    }
    bool usesFootprint() const override { return texture_.usesFootprint(); }

private:
    const ColorTexture& texture_;
    float low_, high_;
};

} // namespace lrt
