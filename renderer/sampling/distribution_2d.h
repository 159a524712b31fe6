// Piecewise-constant 2-D distributions over [0,1)^2 (pbrt's Distribution2D), for sampling images
// in proportion to their brightness.
#pragma once

#include "renderer/core/vector.h"

#include <vector>

namespace lrt {

class Distribution2D {
public:
    // `weights` is width * height non-negative values, row-major; all-zero rows get uniform weight.
    Distribution2D(const std::vector<float>& weights, int width, int height);
    // A point in [0,1)^2 and its density with respect to area in [0,1)^2.
    Vec2 sample(Vec2 u, float& pdf) const;
    float pdf(Vec2 point) const;
    // The weights' integral over [0,1)^2: their mean.
    float integral() const { return integral_; }

private:
    int width_, height_;
    float integral_;
    std::vector<float> conditionalCdf_; // (width + 1) per row
    std::vector<float> marginalCdf_;    // height + 1
};

} // namespace lrt
