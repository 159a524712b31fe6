// A triangle mesh of the zero set of an implicit function, by marching tetrahedra over a grid:
// what a signed-distance shape samples its area with when it is an area light.
#pragma once

#include "renderer/core/vector.h"

#include <array>
#include <functional>
#include <vector>

namespace lrt {

using MeshTriangle = std::array<Vec3, 3>;

// The triangles where `f` changes sign inside `box`, cut into `resolution`^3 cubes of six
// tetrahedra each; vertices are placed on the tetrahedra's edges by linear interpolation.
// Cells where f is NaN make no triangles.
std::vector<MeshTriangle> polygonizeImplicit(const std::function<float(Vec3)>& f,
                                             const Bounds3& box, int resolution);

} // namespace lrt
