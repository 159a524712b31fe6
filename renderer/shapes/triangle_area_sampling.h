// Choosing a point uniformly by area on a list of triangles: a triangle in proportion to its
// area, found in the running sums of the areas, then a uniform point in it. Meshes and the
// signed-distance shape's surface mesh sample their area lights this way.
#pragma once

#include "renderer/core/vector.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace lrt {

struct TrianglePick {
    std::size_t index; // the triangle
    float b0, b1;      // barycentric weights of its first two vertices (the third: 1 - b0 - b1)
    Vec2 u;            // the rest of u.x, and u.y: what placed the point in the triangle
};

// The triangle u.x picks from `cumulativeArea` (running sums, not empty), and a point uniform in
// it from the rest of u.x and from u.y (pbrt's square-root mapping).
inline TrianglePick pickTriangleByArea(const std::vector<float>& cumulativeArea, Vec2 u) {
    const float target = u.x * cumulativeArea.back();
    const auto it = std::upper_bound(cumulativeArea.begin(), cumulativeArea.end(), target);
    const std::size_t index = std::min<std::size_t>(
        static_cast<std::size_t>(it - cumulativeArea.begin()), cumulativeArea.size() - 1);
    const float lo = index == 0 ? 0 : cumulativeArea[index - 1];
    const float width = cumulativeArea[index] - lo;
    // Reuse the remainder of u.x, and u.y, for a uniform point in the triangle.
    const float r = width > 0 ? std::clamp((target - lo) / width, 0.0f, 1.0f) : 0.5f;
    const float s = std::sqrt(r);
    return {index, 1 - s, u.y * s, {r, u.y}};
}

} // namespace lrt
