// The window of pixels around a pixel, clamped to the image or block it lies in: what every
// reconstruction filter, denoising window and neighbourhood average visits.
#pragma once

#include <algorithm>

namespace lrt {

// A rectangle of pixels, both corners included.
struct PixelRectangle {
    int x0, y0, x1, y1;
};

// Calls visit(nx, ny) for the pixels within radiusX columns and radiusY rows of (x, y) that lie in
// `within`, row by row, each row left to right (the order sums over the window are taken in).
template <typename Visit>
void forEachPixelNear(int x, int y, int radiusX, int radiusY, const PixelRectangle& within,
                      Visit visit) {
    for (int ny = std::max(within.y0, y - radiusY); ny <= std::min(within.y1, y + radiusY); ++ny)
        for (int nx = std::max(within.x0, x - radiusX); nx <= std::min(within.x1, x + radiusX);
             ++nx)
            visit(nx, ny);
}

} // namespace lrt
