#include "renderer/film/mitchell_filter.h"

#include <cmath>

namespace lrt {

const FilterEntry MitchellFilter::registryEntry{"mitchell", 4.0f,
                                                [](float x, float y) -> std::unique_ptr<Filter> {
                                                    return std::make_unique<MitchellFilter>(x, y);
                                                }};

float MitchellFilter::profile(float d, int axis) const {
    constexpr float B = 1.0f / 3.0f, C = 1.0f / 3.0f;
    const float x = std::fabs(2 * (d / radius(axis)));
    if (x > 1)
        return ((-B - 6 * C) * x * x * x + (6 * B + 30 * C) * x * x + (-12 * B - 48 * C) * x +
                (8 * B + 24 * C)) /
               6;
    return ((12 - 9 * B - 6 * C) * x * x * x + (-18 + 12 * B + 6 * C) * x * x + (6 - 2 * B)) / 6;
}

} // namespace lrt
