#include "renderer/pbrt/loop_subdivision.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>
#include <utility>

namespace lrt {

namespace {

using Edge = std::pair<int, int>; // (smaller index, larger index)

Edge edgeOf(int a, int b) {
    return a < b ? Edge{a, b} : Edge{b, a};
}

// What one refinement level needs to know of the mesh's connectivity.
struct Connectivity {
    std::map<Edge, std::vector<int>> opposite; // per edge: the third vertex of each triangle
    std::vector<std::vector<int>> neighbours;  // per vertex: the vertices it shares an edge with
    std::vector<std::vector<int>> boundary;    // per vertex: its neighbours along boundary edges

    explicit Connectivity(const MeshData& mesh) {
        const std::size_t n = mesh.positions.size();
        neighbours.resize(n);
        boundary.resize(n);
        for (const auto& t : mesh.triangles)
            for (int k = 0; k < 3; ++k)
                opposite[edgeOf(t[k], t[(k + 1) % 3])].push_back(t[(k + 2) % 3]);
        for (const auto& [edge, thirds] : opposite) {
            neighbours[static_cast<std::size_t>(edge.first)].push_back(edge.second);
            neighbours[static_cast<std::size_t>(edge.second)].push_back(edge.first);
            if (thirds.size() != 2) {
                boundary[static_cast<std::size_t>(edge.first)].push_back(edge.second);
                boundary[static_cast<std::size_t>(edge.second)].push_back(edge.first);
            }
        }
    }
};

// Loop's interior weight for a vertex of valence n (Warren's simplification, as pbrt uses).
float beta(std::size_t n) {
    return n == 3 ? 3.0f / 16.0f : 3.0f / (8.0f * static_cast<float>(n));
}

// (1 - 2 w) p + w (b0 + b1) for a vertex on a boundary (or crease) with neighbours b0, b1 along
// it; a corner with other than two boundary neighbours stays where it is.
Vec3 weightBoundary(const MeshData& mesh, const Connectivity& c, std::size_t v, float w) {
    const Vec3 p = mesh.positions[v];
    const auto& b = c.boundary[v];
    if (b.size() != 2)
        return p;
    return p * (1.0f - 2.0f * w) + (mesh.positions[static_cast<std::size_t>(b[0])] +
                                    mesh.positions[static_cast<std::size_t>(b[1])]) *
                                       w;
}

// (1 - n w) p + w (sum of the ring) for an interior vertex of valence n.
Vec3 weightOneRing(const MeshData& mesh, const Connectivity& c, std::size_t v, float w) {
    const auto& ring = c.neighbours[v];
    Vec3 sum{0, 0, 0};
    for (const int q : ring)
        sum = sum + mesh.positions[static_cast<std::size_t>(q)];
    return mesh.positions[v] * (1.0f - w * static_cast<float>(ring.size())) + sum * w;
}

// A vertex's refined position: the B-spline rule along a boundary, Loop's inside.
Vec3 evenVertex(const MeshData& mesh, const Connectivity& c, std::size_t v) {
    if (!c.boundary[v].empty())
        return weightBoundary(mesh, c, v, 1.0f / 8.0f);
    return weightOneRing(mesh, c, v, beta(c.neighbours[v].size()));
}

// A vertex's position on the limit surface (pbrt's masks).
Vec3 limitVertex(const MeshData& mesh, const Connectivity& c, std::size_t v) {
    if (!c.boundary[v].empty())
        return weightBoundary(mesh, c, v, 1.0f / 5.0f);
    const std::size_t n = c.neighbours[v].size();
    return weightOneRing(mesh, c, v, 1.0f / (static_cast<float>(n) + 3.0f / (8.0f * beta(n))));
}

MeshData refine(const MeshData& mesh) {
    const Connectivity c(mesh);
    MeshData out;
    out.positions.reserve(mesh.positions.size() + c.opposite.size());
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
        out.positions.push_back(evenVertex(mesh, c, v));
    std::map<Edge, int> edgeVertex;
    for (const auto& [edge, thirds] : c.opposite) {
        const Vec3 a = mesh.positions[static_cast<std::size_t>(edge.first)];
        const Vec3 b = mesh.positions[static_cast<std::size_t>(edge.second)];
        Vec3 p = (a + b) * 0.5f;
        if (thirds.size() == 2)
            p = (a + b) * 0.375f + (mesh.positions[static_cast<std::size_t>(thirds[0])] +
                                    mesh.positions[static_cast<std::size_t>(thirds[1])]) *
                                       0.125f;
        edgeVertex[edge] = static_cast<int>(out.positions.size());
        out.positions.push_back(p);
    }
    out.triangles.reserve(mesh.triangles.size() * 4);
    for (const auto& t : mesh.triangles) {
        const int ab = edgeVertex.at(edgeOf(t[0], t[1]));
        const int bc = edgeVertex.at(edgeOf(t[1], t[2]));
        const int ca = edgeVertex.at(edgeOf(t[2], t[0]));
        out.triangles.push_back({t[0], ab, ca});
        out.triangles.push_back({t[1], bc, ab});
        out.triangles.push_back({t[2], ca, bc});
        out.triangles.push_back({ab, bc, ca});
    }
    return out;
}

} // namespace

MeshData loopSubdivide(std::vector<Vec3> positions, std::vector<std::array<int, 3>> triangles,
                       int levels) {
    MeshData mesh;
    mesh.positions = std::move(positions);
    mesh.triangles = std::move(triangles);
    std::size_t count = mesh.triangles.size();
    for (int level = 0; level < levels; ++level)
        if ((count *= 4) > kMaxSubdividedTriangles)
            throw std::invalid_argument("the subdivided mesh would have more than 2^26 triangles");
    for (int level = 0; level < levels; ++level)
        mesh = refine(mesh);
    const Connectivity c(mesh);
    std::vector<Vec3> limit;
    limit.reserve(mesh.positions.size());
    for (std::size_t v = 0; v < mesh.positions.size(); ++v)
        limit.push_back(limitVertex(mesh, c, v));
    mesh.positions = std::move(limit);
    mesh.normals = areaWeightedNormals(mesh);
    return mesh;
}

} // namespace lrt
