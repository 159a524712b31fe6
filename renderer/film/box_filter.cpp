#include "renderer/film/box_filter.h"

namespace lrt {

const FilterEntry BoxFilter::registryEntry{
    "box", 1.0f,
    [](float x, float y) -> std::unique_ptr<Filter> { return std::make_unique<BoxFilter>(x, y); }};

} // namespace lrt
