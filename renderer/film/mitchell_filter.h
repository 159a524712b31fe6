// "mitchell": the Mitchell-Netravali cubic with B = C = 1/3 over the radius, as in pbrt (default
// width 4). It dips below zero away from the centre, which sharpens.
#pragma once

#include "renderer/film/filter.h"

namespace lrt {

class MitchellFilter final : public Filter {
public:
    static const FilterEntry registryEntry;
    using Filter::Filter;

protected:
    float profile(float d, int axis) const override;
};

} // namespace lrt
