// The table of shapes.
#include "renderer/shapes/shape_registry.h"

#include "renderer/shapes/cone.h"
#include "renderer/shapes/cylinder.h"
#include "renderer/shapes/disk.h"
#include "renderer/shapes/gltf_file.h"
#include "renderer/shapes/hyperboloid.h"
#include "renderer/shapes/mesh_shapes.h"
#include "renderer/shapes/obj_file.h"
#include "renderer/shapes/paraboloid.h"
#include "renderer/shapes/ply_file.h"
#include "renderer/shapes/sdf_shape.h"
#include "renderer/shapes/sphere.h"

#include <fmt/format.h>

namespace lrt {

namespace {
const ShapeEntry* const kShapes[] = {
    &Sphere::registryEntry,
    &Cylinder::registryEntry,
    &Cone::registryEntry,
    &Disk::registryEntry,
    &Paraboloid::registryEntry,
    &Hyperboloid::registryEntry,
    &PolygonStatement::registryEntry,
    &PointsPolygonsStatement::registryEntry,
    &PointsGeneralPolygonsStatement::registryEntry,
    &TriangleMeshStatement::registryEntry,
    &ObjShape::registryEntry,
    &PlyShape::registryEntry,
    &GltfShape::registryEntry,
    &SdfShape::registryEntry,
};
} // namespace

ShapeSurfaces singleSurface(std::unique_ptr<Shape> shape) {
    ShapeSurfaces made;
    made.surfaces.emplace_back().geometry = std::move(shape);
    return made;
}

const Registry<ShapeEntry>& shapeRegistry() {
    static const Registry<ShapeEntry> registry(kShapes);
    return registry;
}

const ShapeEntry* findShapeStatement(std::string_view statement) {
    for (const ShapeEntry* entry : kShapes)
        if (!entry->statement.empty() && entry->statement == statement)
            return entry;
    return nullptr;
}

std::vector<std::string_view> shapeTypeNames() {
    std::vector<std::string_view> names;
    for (const ShapeEntry* entry : kShapes)
        if (entry->statement.empty())
            names.push_back(entry->name);
    return names;
}

std::string shapeStatementName(const ShapeEntry& entry) {
    return entry.statement.empty() ? fmt::format("Shape \"{}\"", entry.name)
                                   : std::string(entry.statement);
}

} // namespace lrt
