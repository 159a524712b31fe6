#include "renderer/film/triangle_filter.h"

namespace lrt {

const FilterEntry TriangleFilter::registryEntry{"triangle", 2.0f,
                                                [](float x, float y) -> std::unique_ptr<Filter> {
                                                    return std::make_unique<TriangleFilter>(x, y);
                                                }};

} // namespace lrt
