// "scale": input tex times input scale.
#pragma once

#include "renderer/textures/texture_registry.h"

namespace lrt {

class ScaleTexture final : public ColorTexture {
public:
    // Its create() is in scale_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    ScaleTexture(const ColorTexture& texture, const ColorTexture& scale)
        : texture_(texture), scale_(scale) {}
    Color evaluate(const TextureContext& context) const override {
        return texture_.evaluate(context) * scale_.evaluate(context);
    }
    bool usesFootprint() const override {
        return texture_.usesFootprint() || scale_.usesFootprint();
    }

private:
    const ColorTexture& texture_;
    const ColorTexture& scale_;
};

} // namespace lrt
