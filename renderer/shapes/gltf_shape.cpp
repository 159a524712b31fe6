// Shape "gltf": the meshes of a file read by renderer/gltf/gltf_file.h, or of the file the scene's
// reader already parsed (ShapeContext::meshFile).
#include "renderer/shapes/gltf_shape.h"

#include "renderer/gltf/gltf_file.h"

#include <fmt/format.h>

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"filename",
     ValueKind::String,
     {},
     {},
     "the .gltf or .glb file, relative to the scene file (required)"},
};

ShapeSurfaces create(std::span<const double>, const Parameters& p, const ShapeContext& c) {
    MeshFileContents gltf = c.meshFile ? *c.meshFile : loadShapeFile(p, c, "gltf", loadGltfFile);
    // A copy of the reader's meshes loses their spare elements; without them Embree would copy
    // the positions and indices once more.
    for (FileMesh& mesh : gltf.meshes)
        mesh.data.keepSpareElements();
    ShapeSurfaces made = meshFileSurfaces(gltf.meshes, std::move(gltf.materials));
    for (const std::string& note : gltf.notes)
        made.notes.push_back(fmt::format("{}: {} is left out", p.getString("filename"), note));
    return made;
}

} // namespace

const ShapeEntry GltfShape::registryEntry{{"gltf", "", {}, kParameters}, &create};

} // namespace lrt
