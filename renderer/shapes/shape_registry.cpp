// The table of shapes.
#include "renderer/shapes/shape_registry.h"

#include "renderer/shapes/cone.h"
#include "renderer/shapes/cylinder.h"
#include "renderer/shapes/disk.h"
#include "renderer/shapes/gltf_shape.h"
#include "renderer/shapes/hyperboloid.h"
#include "renderer/shapes/mesh_shapes.h"
#include "renderer/shapes/obj_shape.h"
#include "renderer/shapes/paraboloid.h"
#include "renderer/shapes/ply_shape.h"
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

} // namespace lrt
