// "marble": pbrt-v4's marble: veins along texture space's y, t = 1/2 + sin(scale y + variation
// fbm(scale p)) / 2, coloured by pbrt-v4's cubic Bezier spline of greys and a dark blue-grey
// (times 1.5).
#pragma once

#include "renderer/textures/texture_registry.h"

namespace lrt {

class MarbleTexture final : public ColorTexture {
public:
    // Its parameters and create() are in marble_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    struct Veins {
        int octaves;
        float omega, scale, variation;
    };
    MarbleTexture(const Transform& worldToTexture, Veins veins)
        : worldToTexture_(worldToTexture), veins_(veins) {}
    Color evaluate(const TextureContext& context) const override;
    bool usesFootprint() const override { return true; }

private:
    Transform worldToTexture_;
    Veins veins_;
};

} // namespace lrt
