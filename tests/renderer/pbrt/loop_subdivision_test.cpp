// Loop subdivision: each level splits every triangle in four; a vertex's limit position does not
// depend on the level it is taken at (the limit mask agrees with refinement); flat meshes stay
// flat; absurd levels are refused before any work.
#include "renderer/pbrt/loop_subdivision.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <stdexcept>

using namespace lrt;

namespace {

// A tetrahedron: closed, every vertex of valence 3.
const std::vector<Vec3> kTetrahedron = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
const std::vector<std::array<int, 3>> kTetrahedronFaces = {
    {0, 1, 2}, {0, 3, 1}, {0, 2, 3}, {1, 3, 2}};

} // namespace

TEST_CASE("Loop subdivision quadruples the triangles at every level", "[shapes][loop]") {
    for (int levels = 0; levels <= 3; ++levels) {
        const MeshData mesh = loopSubdivide(kTetrahedron, kTetrahedronFaces, levels);
        CHECK(mesh.triangles.size() == 4u << (2 * levels));
        // A closed mesh keeps Euler's V - E + F = 2: V = F / 2 + 2.
        CHECK(mesh.positions.size() == mesh.triangles.size() / 2 + 2);
        CHECK(mesh.normals.size() == mesh.positions.size());
    }
}

TEST_CASE("Loop limit positions do not depend on the level they are taken at", "[shapes][loop]") {
    // Refinement keeps the original vertices first, so vertex 0 is the same surface point at
    // every level; its limit must agree to rounding.
    const MeshData coarse = loopSubdivide(kTetrahedron, kTetrahedronFaces, 1);
    const MeshData fine = loopSubdivide(kTetrahedron, kTetrahedronFaces, 5);
    for (int i = 0; i < 3; ++i)
        CHECK(coarse.positions[0][i] == Approx(fine.positions[0][i]).margin(1e-5));
    // By symmetry the four corners' limits lie on one sphere, inside the control polyhedron.
    const float r0 = length(fine.positions[0]);
    for (int v = 1; v < 4; ++v)
        CHECK(length(fine.positions[static_cast<std::size_t>(v)]) == Approx(r0).epsilon(1e-5));
    CHECK(r0 < length(kTetrahedron[0]));
    // Normals point outwards.
    CHECK(dot(fine.normals[0], fine.positions[0]) > 0);
}

TEST_CASE("a flat Loop mesh stays flat with its boundary on the boundary's B-spline",
          "[shapes][loop]") {
    // A square of two triangles in z = 0. Its boundary is subdivided on its own, as a closed
    // cubic B-spline polygon, then taken to the limit with pbrt's boundary mask (1/5 3/5 1/5).
    const std::vector<Vec3> square = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    const MeshData mesh = loopSubdivide(square, {{0, 1, 2}, {0, 2, 3}}, 3);
    for (const Vec3& p : mesh.positions)
        CHECK(p.z == 0);
    for (const Vec3& n : mesh.normals)
        CHECK(std::fabs(n.z) == Approx(1));
    // The same boundary, refined here in 1-D: even points (1 6 1) / 8, odd ones midpoints.
    std::vector<Vec2> polygon = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int level = 0; level < 3; ++level) {
        std::vector<Vec2> refined;
        const std::size_t n = polygon.size();
        for (std::size_t i = 0; i < n; ++i) {
            const Vec2 a = polygon[(i + n - 1) % n], b = polygon[i], c = polygon[(i + 1) % n];
            refined.push_back({(a.x + 6 * b.x + c.x) / 8, (a.y + 6 * b.y + c.y) / 8});
            refined.push_back({(b.x + c.x) / 2, (b.y + c.y) / 2});
        }
        polygon = refined;
    }
    // Corner (1, 0) is polygon point 8 after three levels (each level doubles its index).
    const Vec2 a = polygon[7], b = polygon[8], c = polygon[9];
    CHECK(mesh.positions[1].x == Approx((a.x + 3 * b.x + c.x) / 5));
    CHECK(mesh.positions[1].y == Approx((a.y + 3 * b.y + c.y) / 5));
}

TEST_CASE("Loop subdivision refuses more than 2^26 triangles", "[shapes][loop]") {
    CHECK_THROWS_AS(loopSubdivide(kTetrahedron, kTetrahedronFaces, 13), std::invalid_argument);
    CHECK_THROWS_AS(loopSubdivide(kTetrahedron, kTetrahedronFaces, 1000), std::invalid_argument);
}
