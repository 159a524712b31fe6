#include "renderer/film/gaussian_filter.h"

#include <cmath>

namespace lrt {

namespace {
constexpr float kAlpha = 2.0f;
} // namespace

const FilterEntry GaussianFilter::registryEntry{"gaussian", 2.0f,
                                                [](float x, float y) -> std::unique_ptr<Filter> {
                                                    return std::make_unique<GaussianFilter>(x, y);
                                                }};

GaussianFilter::GaussianFilter(float xWidth, float yWidth)
    : Filter(xWidth, yWidth), edge_{std::exp(-kAlpha * radiusX() * radiusX()),
                                    std::exp(-kAlpha * radiusY() * radiusY())} {}

float GaussianFilter::profile(float d, int axis) const {
    return std::fmax(0.0f, std::exp(-kAlpha * d * d) - edge_[static_cast<std::size_t>(axis)]);
}

} // namespace lrt
