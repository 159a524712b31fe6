// "checkerboard": pbrt-v4's checkerboard of inputs tex1 and tex2. In 2-D, tex1 on the squares
// where floor(s') + floor(t') is even under the texture's mapping (texture_mapping.h); in 3-D,
// tex1 on the cubes of texture space where floor(x) + floor(y) + floor(z) is even. Point-sampled:
// the pixel's samples antialias it.
#pragma once

#include "renderer/textures/texture_mapping.h"
#include "renderer/textures/texture_registry.h"

namespace lrt {

class CheckerboardTexture final : public ColorTexture {
public:
    // Its parameters and create() are in checkerboard_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    // A 2-D checkerboard.
    CheckerboardTexture(TextureMapping2D mapping, const ColorTexture& even, const ColorTexture& odd)
        : mapping_(mapping), even_(even), odd_(odd) {}
    // A 3-D checkerboard in the space `worldToTexture` maps into.
    CheckerboardTexture(const Transform& worldToTexture, const ColorTexture& even,
                        const ColorTexture& odd)
        : mapping_(TextureMapping2D::uv({})), solid_(true), worldToTexture_(worldToTexture),
          even_(even), odd_(odd) {}
    Color evaluate(const TextureContext& context) const override;
    bool usesFootprint() const override { return even_.usesFootprint() || odd_.usesFootprint(); }

private:
    TextureMapping2D mapping_;
    bool solid_ = false;
    Transform worldToTexture_;
    const ColorTexture& even_;
    const ColorTexture& odd_;
};

} // namespace lrt
