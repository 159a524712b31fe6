// Triangle mesh data in object space, as the mesh statements, OBJ files and quadric tessellation
// make it and the vertex stage rewrites it, and the spare element Embree's sharing of it needs.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/transform.h"
#include "renderer/core/vector.h"

#include <array>
#include <cstddef>
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

    // Embree reads a shared array's last element with a 16-byte load, 4 bytes past a position's
    // or a triangle's 12: it may use `positions` and `triangles` themselves
    // (TriangleMesh::createGeometry), not a copy, only while each owns a spare element past its
    // end. Readers reserve through these, which keep room for the spare beside `count`.
    void reservePositions(std::size_t count) { positions.reserve(count + 1); }
    void reserveTriangles(std::size_t count) { triangles.reserve(count + 1); }
    // A copied mesh has none (a vector copies its size, not its capacity): this gives them back.
    void keepSpareElements() {
        reservePositions(positions.size());
        reserveTriangles(triangles.size());
    }
    bool positionsSharable() const { return positions.capacity() > positions.size(); }
    bool trianglesSharable() const { return triangles.capacity() > triangles.size(); }
};

// Removes the triangles with a vertex that is not finite, or beyond kMaxRayCoordinate, in the
// space objectToScene takes it to (a NaN from an OBJ file or a vertex program, an overflowing
// transform): Embree skips them, and light sampling and shading could not use them. Returns how
// many were removed.
std::size_t dropNonFiniteTriangles(MeshData& mesh, const Transform& objectToScene);

// Smooth vertex normals of a mesh: the area-weighted sum of the faces around each vertex.
std::vector<Vec3> areaWeightedNormals(const MeshData& mesh);

} // namespace lrt
