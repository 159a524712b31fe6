// "gaussian": exp(-2 d^2) less its value at the radius, so that it reaches zero there, as in pbrt
// (alpha = 2; default width 2).
#pragma once

#include "renderer/film/filter.h"

namespace lrt {

class GaussianFilter final : public Filter {
public:
    static const FilterEntry registryEntry;
    GaussianFilter(float xWidth, float yWidth);

protected:
    float profile(float d, int axis) const override;

private:
    std::array<float, 2> edge_; // the Gaussian at each radius
};

} // namespace lrt
