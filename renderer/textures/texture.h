// The ColorTexture interface: a colour that varies over a surface with its texture coordinates,
// as pbrt-v4's textures do. A texture multiplies the surface's Color (or vertex colours) before
// any material sees it, so every built-in surface takes one alike. Float-valued textures of the
// scene formats lrt imports are colour textures whose three channels are equal.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/vector.h"

namespace lrt {

// What a texture sees of the point it colours: its texture coordinates and their footprint (the
// change across one pixel, from ray differentials; zero when unknown).
struct TextureContext {
    Vec2 st;
    float dsdx = 0, dtdx = 0, dsdy = 0, dtdy = 0;
};

// The affine map from a surface's (s, t) to a texture's own coordinates, per axis:
// s' = uscale s + udelta, t' = vscale t + vdelta (pbrt-v4's UVMapping).
struct UvMapping {
    float uscale = 1, vscale = 1, udelta = 0, vdelta = 0;

    TextureContext apply(const TextureContext& c) const {
        return {{uscale * c.st.x + udelta, vscale * c.st.y + vdelta},
                uscale * c.dsdx,
                vscale * c.dtdx,
                uscale * c.dsdy,
                vscale * c.dtdy};
    }
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
