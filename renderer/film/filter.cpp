// The table of pixel filters.
#include "renderer/film/filter.h"

#include "renderer/film/box_filter.h"
#include "renderer/film/gaussian_filter.h"
#include "renderer/film/mitchell_filter.h"
#include "renderer/film/triangle_filter.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {
const FilterEntry* const kFilters[] = {&BoxFilter::registryEntry, &TriangleFilter::registryEntry,
                                       &GaussianFilter::registryEntry,
                                       &MitchellFilter::registryEntry};
} // namespace

const Registry<FilterEntry>& filterRegistry() {
    static const Registry<FilterEntry> registry(kFilters);
    return registry;
}

std::unique_ptr<Filter> createFilter(const FilterDescription& description) {
    const FilterEntry* entry = filterRegistry().find(description.name);
    if (!entry)
        throw std::logic_error(
            fmt::format("pixel filter '{}' is not registered", description.name));
    const auto widths =
        description.widths.value_or(std::array<float, 2>{entry->defaultWidth, entry->defaultWidth});
    return entry->create(widths[0], widths[1]);
}

} // namespace lrt
