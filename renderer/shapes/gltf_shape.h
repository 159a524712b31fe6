// Shape "gltf" "filename" "scene.glb": a glTF 2.0 file's meshes and materials, in the
// statement's space (its cameras and lights are read when the file is the scene itself:
// renderer/gltf/gltf_scene.h, docs/import.md).
#pragma once

#include "renderer/shapes/shape_registry.h"

namespace lrt {

struct GltfShape {
    static const ShapeEntry registryEntry;
};

} // namespace lrt
