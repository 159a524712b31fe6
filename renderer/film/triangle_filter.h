// "triangle": weight falling linearly from the centre to zero at the radius (default width 2).
#pragma once

#include "renderer/film/filter.h"

#include <cmath>

namespace lrt {

class TriangleFilter final : public Filter {
public:
    static const FilterEntry registryEntry;
    using Filter::Filter;

protected:
    float profile(float d, int axis) const override { return radius(axis) - std::fabs(d); }
};

} // namespace lrt
