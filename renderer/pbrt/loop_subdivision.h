// Loop subdivision surfaces (Charles Loop, 1987), as pbrt's "loopsubdiv" shape makes them: the
// control mesh refined `levels` times (Warren's weights for interior vertices, the cubic B-spline
// rule along boundaries), then every vertex moved to its limit position.
#pragma once

#include "renderer/description/mesh_data.h"

#include <vector>

namespace lrt {

// Above this many triangles after refinement, subdivide refuses (each level quadruples them).
inline constexpr std::size_t kMaxSubdividedTriangles = std::size_t{1} << 26;

// The refined mesh with smooth vertex normals (area-weighted over the limit surface's triangles).
// `triangles` index `positions`; edges shared by more than two triangles are treated as creases,
// as boundaries are. Throws std::invalid_argument when the result would exceed
// kMaxSubdividedTriangles.
MeshData loopSubdivide(std::vector<Vec3> positions, std::vector<std::array<int, 3>> triangles,
                       int levels);

} // namespace lrt
