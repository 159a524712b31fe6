// The statements that make triangle meshes from vertex data: Shape "trianglemesh", Polygon,
// PointsPolygons and PointsGeneralPolygons. They check and triangulate the data; the scene
// builder runs it through the bound vertex program (if any) and makes a TriangleMesh of it.
#pragma once

#include "renderer/shapes/shape_registry.h"

namespace lrt {

struct TriangleMeshStatement {
    static const ShapeEntry registryEntry;
};
struct PolygonStatement {
    static const ShapeEntry registryEntry;
};
struct PointsPolygonsStatement {
    static const ShapeEntry registryEntry;
};
struct PointsGeneralPolygonsStatement {
    static const ShapeEntry registryEntry;
};

} // namespace lrt
