// "box": every sample within the radius weighs the same (default width 1: the pixel itself).
#pragma once

#include "renderer/film/filter.h"

namespace lrt {

class BoxFilter final : public Filter {
public:
    static const FilterEntry registryEntry;
    using Filter::Filter;

protected:
    float profile(float, int) const override { return 1; }
};

} // namespace lrt
