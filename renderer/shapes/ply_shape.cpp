// Shape "plymesh": a PLY file read by loadPlyFile (renderer/meshfiles/ply_file.h).
#include "renderer/shapes/ply_shape.h"

#include "renderer/meshfiles/ply_file.h"

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"filename",
     ValueKind::String,
     {},
     {},
     "the .ply (or gzip'd .ply.gz) file, relative to the scene file (required)"},
};

ShapeSurfaces create(std::span<const double>, const Parameters& p, const ShapeContext& c) {
    ShapeSurfaces made;
    const auto load = [&](const std::filesystem::path& path) {
        return loadPlyFile(path, c.onReadProgress);
    };
    made.surfaces.push_back({loadShapeFile(p, c, "plymesh", load), std::nullopt});
    return made;
}

} // namespace

const ShapeEntry PlyShape::registryEntry{{"plymesh", "", {}, kParameters}, &create};

} // namespace lrt
