// "dots": pbrt-v4's polka dots: in each unit cell of the mapped (s', t') (texture_mapping.h),
// centred on the cell's integer point, noise decides whether there is a dot, and where (radius
// 0.35, shifted up to 0.15); input "inside" inside the dots, "outside" elsewhere.
#pragma once

#include "renderer/textures/texture_mapping.h"
#include "renderer/textures/texture_registry.h"

namespace lrt {

class DotsTexture final : public ColorTexture {
public:
    // Its parameters and create() are in dots_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    DotsTexture(TextureMapping2D mapping, const ColorTexture& inside, const ColorTexture& outside)
        : mapping_(mapping), inside_(inside), outside_(outside) {}
    Color evaluate(const TextureContext& context) const override;
    bool usesFootprint() const override {
        return inside_.usesFootprint() || outside_.usesFootprint();
    }
    // Whether (s', t') lies in a dot.
    static bool insideDot(Vec2 st);

private:
    TextureMapping2D mapping_;
    const ColorTexture& inside_;
    const ColorTexture& outside_;
};

} // namespace lrt
