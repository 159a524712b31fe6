// The Filter interface (PixelFilter): the weight a camera sample gets in a pixel at an offset from
// its centre, separable in x and y, with RenderMan's full widths ("gaussian" 2 2 spans two pixels,
// so its radius is one). Every filter is created by name here, with its default width.
#pragma once

#include "renderer/core/registry.h"
#include "renderer/core/scene_error.h"
#include "renderer/description/film_description.h"

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

class Filter {
public:
    Filter(float xWidth, float yWidth) : radius_{xWidth / 2, yWidth / 2} {}
    virtual ~Filter() = default;

    float radiusX() const { return radius_[0]; }
    float radiusY() const { return radius_[1]; }
    // Weight of a sample at offset (dx, dy) pixels from a pixel's centre; 0 outside the radius.
    float evaluate(float dx, float dy) const { return along(dx, 0) * along(dy, 1); }

protected:
    // The filter's profile at offset d within the radius of `axis` (0 for x, 1 for y).
    virtual float profile(float d, int axis) const = 0;
    float radius(int axis) const { return radius_[static_cast<std::size_t>(axis)]; }

private:
    float along(float d, int axis) const {
        // Half-open, so a sample on the edge between two pixels counts for one of them only.
        const float r = radius(axis);
        return d < -r || d >= r ? 0.0f : profile(d, axis);
    }
    std::array<float, 2> radius_;
};

struct FilterEntry {
    std::string_view name;
    float defaultWidth; // in pixels, for both axes
    std::unique_ptr<Filter> (*create)(float xWidth, float yWidth);
};

const Registry<FilterEntry>& filterRegistry();
// The filter `description` names (a registered one), at its default width unless widths are given.
std::unique_ptr<Filter> createFilter(const FilterDescription& description);

} // namespace lrt
