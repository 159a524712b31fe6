// Shape "plymesh" "filename" "mesh.ply": pbrt-v4's name for a PLY triangle mesh.
#pragma once

#include "renderer/shapes/shape_registry.h"

namespace lrt {

struct PlyShape {
    static const ShapeEntry registryEntry;
};

} // namespace lrt
