// A rectangle of a render's pixels, half-open, in full-image pixel coordinates: the pixels a
// render covers, a tile, a tile's samples with their margin.
#pragma once

#include <algorithm>

namespace lrt {

struct PixelBounds {
    int x0, x1, y0, y1; // half-open
    int width() const { return x1 - x0; }
    int height() const { return y1 - y0; }
};

// `b` grown by `mx` pixels left and right and `my` up and down, clipped to a film of `width` x
// `height` pixels.
inline PixelBounds grownOnFilm(const PixelBounds& b, int mx, int my, int width, int height) {
    return {std::max(0, b.x0 - mx), std::min(width, b.x1 + mx), std::max(0, b.y0 - my),
            std::min(height, b.y1 + my)};
}

} // namespace lrt
