// Inversion of cumulative sums, row by row (conditional) and over rows (marginal).
#include "renderer/sampling/distribution_2d.h"

#include "renderer/sampling/unit_interval.h"

#include <algorithm>

namespace lrt {

namespace {

// Builds the normalised CDF of `values` into `cdf` (size n + 1) and returns their mean.
float buildCdf(const float* values, int n, float* cdf) {
    cdf[0] = 0;
    for (int i = 0; i < n; ++i)
        cdf[i + 1] = cdf[i] + values[i] / static_cast<float>(n);
    const float total = cdf[n];
    for (int i = 1; i <= n; ++i)
        cdf[i] = total > 0 ? cdf[i] / total : static_cast<float>(i) / static_cast<float>(n);
    return total;
}

// Continuous inverse of a CDF: the offset in [0, 1) and the bin's density.
float invert(const float* cdf, int n, float u, float& density) {
    const int bin =
        std::clamp(static_cast<int>(std::upper_bound(cdf, cdf + n + 1, u) - cdf) - 1, 0, n - 1);
    const float width = cdf[bin + 1] - cdf[bin];
    density = width * static_cast<float>(n);
    const float within = width > 0 ? (u - cdf[bin]) / width : 0.5f;
    return std::min((static_cast<float>(bin) + within) / static_cast<float>(n), kOneMinusEpsilon);
}

} // namespace

Distribution2D::Distribution2D(const std::vector<float>& weights, int width, int height)
    : width_(width), height_(height), conditionalCdf_(static_cast<std::size_t>(width + 1) * height),
      marginalCdf_(static_cast<std::size_t>(height + 1)) {
    std::vector<float> rowWeight(static_cast<std::size_t>(height)); // each row's integral
    for (int y = 0; y < height; ++y)
        rowWeight[static_cast<std::size_t>(y)] =
            buildCdf(&weights[static_cast<std::size_t>(y) * width], width,
                     &conditionalCdf_[static_cast<std::size_t>(y) * (width + 1)]);
    integral_ = buildCdf(rowWeight.data(), height, marginalCdf_.data());
}

Vec2 Distribution2D::sample(Vec2 u, float& pdf) const {
    float rowDensity = 0, columnDensity = 0;
    const float v = invert(marginalCdf_.data(), height_, u.y, rowDensity);
    const int row = std::min(static_cast<int>(v * static_cast<float>(height_)), height_ - 1);
    const float s = invert(&conditionalCdf_[static_cast<std::size_t>(row) * (width_ + 1)], width_,
                           u.x, columnDensity);
    pdf = rowDensity * columnDensity;
    return {s, v};
}

float Distribution2D::pdf(Vec2 point) const {
    const int column =
        std::clamp(static_cast<int>(point.x * static_cast<float>(width_)), 0, width_ - 1);
    const int row =
        std::clamp(static_cast<int>(point.y * static_cast<float>(height_)), 0, height_ - 1);
    const float* cdf = &conditionalCdf_[static_cast<std::size_t>(row) * (width_ + 1)];
    return (marginalCdf_[static_cast<std::size_t>(row) + 1] -
            marginalCdf_[static_cast<std::size_t>(row)]) *
           static_cast<float>(height_) * (cdf[column + 1] - cdf[column]) *
           static_cast<float>(width_);
}

} // namespace lrt
