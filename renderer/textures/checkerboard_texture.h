// "checkerboard": input tex1 on the squares where floor(s') + floor(t') is even, tex2 on the others
// (pbrt-v4's 2-D checkerboard, point-sampled: pixel samples do the antialiasing).
#pragma once

#include "renderer/textures/texture_registry.h"

namespace lrt {

class CheckerboardTexture final : public ColorTexture {
public:
    // Its parameters and create() are in checkerboard_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    CheckerboardTexture(UvMapping mapping, const ColorTexture& even, const ColorTexture& odd)
        : mapping_(mapping), even_(even), odd_(odd) {}
    Color evaluate(const TextureContext& context) const override;
    bool usesFootprint() const override { return even_.usesFootprint() || odd_.usesFootprint(); }

private:
    UvMapping mapping_;
    const ColorTexture& even_;
    const ColorTexture& odd_;
};

} // namespace lrt
