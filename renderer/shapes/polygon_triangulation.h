// Triangulation of planar polygons with holes (RenderMan's Polygon, PointsPolygons and
// PointsGeneralPolygons): holes are bridged into the outer loop, then ears are clipped.
#pragma once

#include "renderer/core/vector.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

// `loops[0]` is the outer boundary, the rest are holes; each is a list of indices into `points`.
// Returns triangles as index triples, wound like the outer loop; nullopt (with `error` set) for a
// degenerate polygon (fewer than 3 distinct vertices or zero area).
std::optional<std::vector<std::array<int, 3>>>
triangulatePolygon(const std::vector<Vec3>& points, const std::vector<std::vector<int>>& loops,
                   std::string& error);

} // namespace lrt
