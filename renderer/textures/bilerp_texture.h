// "bilerp": pbrt-v4's bilinear interpolation of four colours over the mapped (s', t')
// (texture_mapping.h): v00 at (0, 0), v10 at (1, 0), v01 at (0, 1), v11 at (1, 1), extrapolated
// outside the unit square.
#pragma once

#include "renderer/textures/texture_mapping.h"
#include "renderer/textures/texture_registry.h"

#include <array>

namespace lrt {

class BilerpTexture final : public ColorTexture {
public:
    // Its parameters and create() are in bilerp_texture.cpp, with its registry entry.
    static const TextureEntry registryEntry;
    // corners: v00, v10, v01, v11.
    BilerpTexture(TextureMapping2D mapping, std::array<Color, 4> corners)
        : mapping_(mapping), corners_(corners) {}
    Color evaluate(const TextureContext& context) const override;

private:
    TextureMapping2D mapping_;
    std::array<Color, 4> corners_;
};

} // namespace lrt
