// Triangle meshes (trianglemesh, polygons, OBJ) as Embree triangle geometry. Object-space vertex
// data stays here for shading; Embree holds the scene-space positions it traces.
#pragma once

#include "renderer/description/mesh_data.h"
#include "renderer/shapes/shape.h"
#include "renderer/shapes/triangle_area_sampling.h"

#include <array>
#include <mutex>
#include <optional>
#include <vector>

namespace lrt {

class TriangleMesh final : public Shape {
public:
    // `data` must be valid: indices in range, per-vertex arrays empty or as long as positions.
    TriangleMesh(const Transform& objectToScene, bool flipNormals, bool oneSided, MeshData data);

    RTCGeometry createGeometry(RTCDevice device) const override;
    LocalGeometry geometryAt(const ShapeHit& hit) const override;
    LocalGeometry geometryWithoutDerivativesAt(const ShapeHit& hit) const override;
    bool usesHitPoint() const override { return false; }
    const TriangleMesh* asTriangleMesh() const override { return this; }
    bool samplesArea() const override { return true; }
    AreaSample sampleArea(Vec2 u) const override;
    float pdfArea(unsigned, const LocalGeometry&) const override {
        return area() > 0 ? 1.0f / area() : 0.0f;
    }
    std::size_t primitiveCount() const override { return data_.triangles.size(); }
    Bounds3 sceneBounds() const override;

    // One triangle: a point uniform in it (its density per unit area is 1 / triangleArea), its
    // scene-space area and box, and its unit scene-space normal on the side sampleArea gives, or
    // nullopt where its vertex normals put that side both ways.
    AreaSample sampleTriangle(unsigned t, Vec2 u) const;
    float triangleArea(unsigned t) const {
        return areaCdf()[t] - (t == 0 ? 0.0f : areaCdf()[t - 1]);
    }
    Bounds3 triangleBounds(unsigned t) const;
    std::optional<Vec3> triangleFrontNormal(unsigned t) const;
    // Triangle t's corners in scene space.
    std::array<Vec3, 3> sceneTriangle(unsigned t) const;
    // The scene-space point of triangle t at barycentric weights (b0, b1) and its normal, with
    // density `pdf`.
    AreaSample pointOnTriangle(std::size_t t, float b0, float b1, float pdf) const;
    // A triangle picked in proportion to its area, as sampleArea picks it, and the mesh's
    // scene-space area: for the light pieces a mesh is cut into (renderer/lights/), which sample
    // the whole mesh through its triangles.
    TrianglePick pickTriangle(Vec2 u) const { return pickTriangleByArea(areaCdf(), u); }
    float area() const { return areaCdf().back(); }
    // Triangle t's vertex indices (the mesh's vertices keep the numbering of the mesh it was made
    // from, whatever triangles were dropped).
    const std::array<int, 3>& triangle(unsigned t) const { return data_.triangles[t]; }
    std::size_t memoryBytes() const override;

private:
    LocalGeometry geometryAt(unsigned primitive, float u, float v) const;
    LocalGeometry geometryWithoutDerivativesAt(unsigned primitive, float u, float v) const;
    // The texture coordinates of t's vertices: the mesh's own, else pbrt's barycentric
    // parameterisation (0,0), (1,0), (0,1).
    std::array<Vec2, 3> vertexSt(const std::array<int, 3>& t) const;
    // Triangle t's geometric normal on the mesh's front side, unnormalised (twice its area).
    Vec3 faceNormal(const std::array<int, 3>& t) const;
    // t's vertex normals blended with weights w0, w1, w2 and turned with the mesh's orientation,
    // unnormalised; the mesh must have vertex normals.
    Vec3 vertexNormal(const std::array<int, 3>& t, float w0, float w1, float w2) const;
    // Rejects back-face hits of a one-sided mesh and hits where an interpolated clip distance
    // is negative.
    static void hitFilter(const RTCFilterFunctionNArguments* args);
    bool clipped(unsigned primitive, float u, float v) const;

    // The cumulative scene-space areas of the triangles, for sampling the mesh as a light:
    // computed when first asked for, so that a mesh that does not emit never holds them.
    const std::vector<float>& areaCdf() const;

    MeshData data_;
    mutable std::once_flag areasComputed_;
    mutable std::vector<float> areaCdf_;
};

} // namespace lrt
