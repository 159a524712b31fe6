// "windy": pbrt-v4's waves under gusts: |fbm(p / 10, 3 octaves)| (the wind's strength) times
// fbm(p, 6 octaves) (the waves), both of roughness 0.5, of the point in texture space; a float
// texture (three equal channels).
#pragma once

#include "renderer/textures/texture_registry.h"

namespace lrt {

class WindyTexture final : public ColorTexture {
public:
    // Its create() is in windy_texture.cpp, with its registry entry (no parameters).
    static const TextureEntry registryEntry;
    explicit WindyTexture(const Transform& worldToTexture) : worldToTexture_(worldToTexture) {}
    Color evaluate(const TextureContext& context) const override;
    bool usesFootprint() const override { return true; }

private:
    Transform worldToTexture_;
};

} // namespace lrt
