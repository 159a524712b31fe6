// Marching tetrahedra against closed forms: the area of a sphere's and a box's mesh, and every
// vertex on the surface.
#include "renderer/shapes/implicit_surface_mesh.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace lrt;

namespace {

double meshArea(const std::vector<MeshTriangle>& triangles) {
    double area = 0;
    for (const auto& t : triangles)
        area += 0.5 * length(cross(t[1] - t[0], t[2] - t[0]));
    return area;
}

const Bounds3 kBox{{-1.01f, -1.01f, -1.01f}, {1.01f, 1.01f, 1.01f}};

} // namespace

TEST_CASE("the polygonized unit sphere has the sphere's area, its vertices on it",
          "[shapes][sdf]") {
    const auto sphere = [](Vec3 p) { return length(p) - 1.0f; };
    const double exact = 4 * std::numbers::pi;
    const auto coarse = polygonizeImplicit(sphere, kBox, 16);
    const auto fine = polygonizeImplicit(sphere, kBox, 64);
    CHECK(meshArea(coarse) == Approx(exact).epsilon(0.01));
    CHECK(meshArea(fine) == Approx(exact).epsilon(0.001));
    // Linear interpolation of an exact distance places a vertex within a cell's curvature error.
    float worst = 0;
    for (const auto& t : fine)
        for (const Vec3& v : t)
            worst = std::max(worst, std::fabs(length(v) - 1.0f));
    CHECK(worst < 1e-3f);
}

TEST_CASE("the polygonized box has the box's area", "[shapes][sdf]") {
    // Half-extents 0.5, 0.3, 0.7, away from the grid's planes.
    const auto box = [](Vec3 p) {
        const Vec3 q{std::fabs(p.x) - 0.5f, std::fabs(p.y) - 0.3f, std::fabs(p.z) - 0.7f};
        return length(Vec3{std::max(q.x, 0.0f), std::max(q.y, 0.0f), std::max(q.z, 0.0f)}) +
               std::min(std::max(q.x, std::max(q.y, q.z)), 0.0f);
    };
    const double exact = 8 * (0.5 * 0.3 + 0.3 * 0.7 + 0.5 * 0.7);
    // The 12 edges (12 units in all) are chamfered across about a cell each
    // (2.02 / 64): some 0.1 of 5.68 goes, and less on a finer grid.
    const double coarse = meshArea(polygonizeImplicit(box, kBox, 64));
    const double fine = meshArea(polygonizeImplicit(box, kBox, 128));
    CHECK(coarse == Approx(exact).epsilon(0.03));
    CHECK(fine == Approx(exact).epsilon(0.015));
    CHECK(fine > coarse);
}

TEST_CASE("no sign change, or NaN, makes no triangles", "[shapes][sdf]") {
    CHECK(polygonizeImplicit([](Vec3) { return 1.0f; }, kBox, 8).empty());
    CHECK(polygonizeImplicit([](Vec3) { return NAN; }, kBox, 8).empty());
}
