// The ColorTexture interface: a colour that varies over a surface with its texture coordinates or
// its position, as pbrt-v4's textures do. A texture multiplies the surface's Color (or vertex
// colours) before any material sees it, so every built-in surface takes one alike. Float-valued
// textures of the scene formats lrt imports are colour textures whose three channels are equal.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/vector.h"

namespace lrt {

// What a texture sees of the point it colours (world space): its texture coordinates, the point,
// the unit geometric normal (either side), and their footprint (the change across one pixel, from
// ray differentials; zero when unknown, which noise textures read as "every octave").
struct TextureContext {
    Vec2 st;
    float dsdx = 0, dtdx = 0, dsdy = 0, dtdy = 0;
    Vec3 p{};
    Vec3 n{};
    Vec3 dpdx{}, dpdy{};
};

class ColorTexture {
public:
    virtual ~ColorTexture() = default;
    virtual Color evaluate(const TextureContext& context) const = 0;
    // Whether evaluate() reads the footprint (filtered images), which costs camera rays their
    // differentials.
    virtual bool usesFootprint() const { return false; }
};

} // namespace lrt
