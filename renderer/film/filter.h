// Pixel reconstruction filters (PixelFilter), with RenderMan's full widths: "gaussian" 2 2 spans
// two pixels, so its radius is one.
#pragma once

#include <cmath>
#include <string>

namespace lrt {

class Filter {
public:
    // `name` is one of box, triangle, gaussian, mitchell (the parser has checked it).
    Filter(const std::string& name, float xWidth, float yWidth);
    float radiusX() const { return radiusX_; }
    float radiusY() const { return radiusY_; }
    // Weight of a sample at offset (dx, dy) pixels from a pixel's centre; 0 outside the radius.
    float evaluate(float dx, float dy) const;

private:
    enum class Kind { Box, Triangle, Gaussian, Mitchell } kind_;
    float radiusX_, radiusY_;
    float gaussianEdgeX_, gaussianEdgeY_;
    float evaluate1(float d, float radius, float gaussianEdge) const;
};

} // namespace lrt
