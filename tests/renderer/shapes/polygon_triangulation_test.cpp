// Polygon triangulation: concave outlines, holes, winding, and degenerate input.
#include "renderer/shapes/polygon_triangulation.h"

#include <catch2/catch.hpp>

using namespace lrt;

namespace {

// Signed area of the triangles in the xy plane (positive for counter-clockwise).
double signedArea(const std::vector<Vec3>& p, const std::vector<std::array<int, 3>>& triangles) {
    double area = 0;
    for (const auto& t : triangles) {
        const Vec3 a = p[t[0]], b = p[t[1]], c = p[t[2]];
        area += 0.5 * ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
    }
    return area;
}

} // namespace

TEST_CASE("a concave L shape triangulates to its area", "[shapes][triangulation]") {
    const std::vector<Vec3> p = {{0, 0, 0}, {2, 0, 0}, {2, 1, 0}, {1, 1, 0}, {1, 2, 0}, {0, 2, 0}};
    std::string error;
    const auto t = triangulatePolygon(p, {{0, 1, 2, 3, 4, 5}}, error);
    REQUIRE(t);
    CHECK(t->size() == 4);
    CHECK(signedArea(p, *t) == Approx(3.0));
}

TEST_CASE("holes are cut out, whatever their winding", "[shapes][triangulation]") {
    const std::vector<Vec3> p = {{0, 0, 0},    {4, 0, 0},    {4, 4, 0}, {0, 4, 0},
                                 {1, 1, 0},    {1, 2, 0},    {2, 2, 0}, {2, 1, 0},
                                 {3, 2.5f, 0}, {2.5f, 3, 0}, {3, 3, 0}};
    std::string error;
    const auto t = triangulatePolygon(p, {{0, 1, 2, 3}, {4, 5, 6, 7}, {8, 10, 9}}, error);
    REQUIRE(t);
    CHECK(signedArea(p, *t) == Approx(16 - 1 - 0.125));
}

TEST_CASE("clockwise outlines keep their winding", "[shapes][triangulation]") {
    const std::vector<Vec3> p = {{0, 0, 0}, {0, 3, 0}, {3, 3, 0}, {3, 0, 0}};
    std::string error;
    const auto t = triangulatePolygon(p, {{0, 1, 2, 3}}, error);
    REQUIRE(t);
    CHECK(signedArea(p, *t) == Approx(-9.0));
}

TEST_CASE("polygons in any plane triangulate", "[shapes][triangulation]") {
    // A square in the yz plane.
    const std::vector<Vec3> p = {{5, 0, 0}, {5, 2, 0}, {5, 2, 2}, {5, 0, 2}};
    std::string error;
    const auto t = triangulatePolygon(p, {{0, 1, 2, 3}}, error);
    REQUIRE(t);
    CHECK(t->size() == 2);
}

TEST_CASE("degenerate polygons are refused with a reason", "[shapes][triangulation]") {
    std::string error;
    CHECK_FALSE(triangulatePolygon({{0, 0, 0}, {1, 0, 0}}, {{0, 1}}, error));
    CHECK(error == "a polygon needs at least 3 vertices");
    CHECK_FALSE(triangulatePolygon({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, {{0, 1, 2}}, error));
    CHECK(error == "the polygon has zero area");
}
