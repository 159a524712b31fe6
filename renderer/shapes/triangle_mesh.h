// Triangle meshes (trianglemesh, polygons, OBJ) as Embree triangle geometry. Object-space vertex
// data stays here for shading; Embree holds the scene-space positions it traces.
#pragma once

#include "renderer/shapes/shape.h"

#include <array>
#include <cstdint>
#include <vector>

namespace lrt {

struct MeshData {
    std::vector<Vec3> positions;
    std::vector<std::array<int, 3>> triangles;
    std::vector<Vec3> normals; // per vertex, or empty
    std::vector<Vec2> st;      // per vertex, or empty
    std::vector<Color> colors; // per vertex (Cs), or empty
    // Set by a vertex program (renderer/vertex/vertex_stage.h):
    std::vector<Color> backColors;                   // per vertex (o[BFC0]), or empty
    std::vector<std::array<float, 6>> clipDistances; // per vertex (o[CLPn].x), or empty
    std::uint8_t clipPlanes = 0;                     // bit n: CLPn is in use
};

// Smooth vertex normals of a mesh: the area-weighted sum of the faces around each vertex.
std::vector<Vec3> areaWeightedNormals(const MeshData& mesh);

class TriangleMesh final : public Shape {
public:
    // `data` must be valid: indices in range, per-vertex arrays empty or as long as positions.
    TriangleMesh(const Transform& objectToScene, bool flipNormals, bool oneSided, MeshData data);

    RTCGeometry createGeometry(RTCDevice device) const override;
    LocalGeometry geometryAt(unsigned primitive, float u, float v) const override;
    AreaSample sampleArea(Vec2 u) const override;
    float pdfArea(unsigned, const LocalGeometry&) const override {
        return areaCdf_.back() > 0 ? 1.0f / areaCdf_.back() : 0.0f;
    }
    std::size_t primitiveCount() const override { return data_.triangles.size(); }
    std::size_t memoryBytes() const override;

private:
    // Rejects back-face hits of a one-sided mesh and hits where an interpolated clip distance
    // is negative.
    static void hitFilter(const RTCFilterFunctionNArguments* args);
    bool clipped(unsigned primitive, float u, float v) const;

    MeshData data_;
    std::vector<float> areaCdf_; // cumulative scene-space triangle areas, for light sampling
};

} // namespace lrt
