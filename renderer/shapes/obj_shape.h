// Shape "obj" "filename" "mesh.obj": the file's meshes, one per group and material.
#pragma once

#include "renderer/shapes/shape_registry.h"

namespace lrt {

struct ObjShape {
    static const ShapeEntry registryEntry;
};

} // namespace lrt
