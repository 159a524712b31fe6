// Shape "obj": the meshes and materials of an OBJ file read by loadObjFile
// (renderer/meshfiles/obj_file.h).
#include "renderer/shapes/obj_shape.h"

#include "renderer/meshfiles/obj_file.h"

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"filename", ValueKind::String, {}, {}, "the .obj file, relative to the scene file (required)"},
};

ShapeSurfaces create(std::span<const double>, const Parameters& p, const ShapeContext& c) {
    ObjFile obj = loadShapeFile(p, c, "obj", loadObjFile);
    return meshFileSurfaces(obj.meshes, std::move(obj.materials));
}

} // namespace

const ShapeEntry ObjShape::registryEntry{{"obj", "", {}, kParameters}, &create};

} // namespace lrt
