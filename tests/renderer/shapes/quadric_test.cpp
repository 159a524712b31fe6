// Quadric intersections against analytic answers: hits, misses, partial sweeps, inside hits,
// parameterisation and normals.
#include "renderer/shapes/cone.h"
#include "renderer/shapes/cylinder.h"
#include "renderer/shapes/disk.h"
#include "renderer/shapes/hyperboloid.h"
#include "renderer/shapes/paraboloid.h"
#include "renderer/shapes/sphere.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace lrt;

namespace {
const Transform kIdentity;
std::optional<Quadric::Hit> shoot(const Quadric& q, DVec3 o, DVec3 d) {
    return q.intersectObject(o, d, 0, 1e30);
}
} // namespace

TEST_CASE("sphere: hit from outside, from inside, and a miss", "[shapes][quadric]") {
    const Sphere sphere(kIdentity, false, false, 2, -2, 2, 360);
    const auto outside = shoot(sphere, {0, 0, -10}, {0, 0, 1});
    REQUIRE(outside);
    CHECK(outside->t == Approx(8));
    const auto inside = shoot(sphere, {0, 0, 0}, {1, 0, 0});
    REQUIRE(inside);
    CHECK(inside->t == Approx(2));
    CHECK_FALSE(shoot(sphere, {0, 3, -10}, {0, 0, 1}));
    // Tangent rays at distance exactly r graze; just outside misses.
    CHECK_FALSE(shoot(sphere, {0, 2.0001, -10}, {0, 0, 1}));
    // A non-unit direction keeps t in the ray's own parameterisation.
    const auto scaled = shoot(sphere, {0, 0, -10}, {0, 0, 4});
    REQUIRE(scaled);
    CHECK(scaled->t == Approx(2));
}

TEST_CASE("sphere: zmin/zmax and thetamax cut the surface", "[shapes][quadric]") {
    // Upper cap only (z >= 1): a ray through the equator passes through.
    const Sphere cap(kIdentity, false, false, 2, 1, 2, 360);
    CHECK_FALSE(shoot(cap, {-10, 0, 0}, {1, 0, 0}));
    const auto top = shoot(cap, {0, 0, 10}, {0, 0, -1});
    REQUIRE(top);
    CHECK(top->t == Approx(8));
    // A ray up the axis from below hits the cap from inside at z = 2.
    const auto fromBelow = shoot(cap, {0, 0, -10}, {0, 0, 1});
    REQUIRE(fromBelow);
    CHECK(fromBelow->t == Approx(12));
    // Half sphere (phi in [0, 180]): the -y side is open, so a ray from -y hits the far side.
    const Sphere half(kIdentity, false, false, 2, -2, 2, 180);
    const auto through = shoot(half, {0, -10, 0}, {0, 1, 0});
    REQUIRE(through);
    CHECK(through->t == Approx(12));
}

TEST_CASE("sphere: (u, v) and the outward normal", "[shapes][quadric]") {
    const Sphere sphere(kIdentity, false, false, 2, -2, 2, 360);
    const auto hit = shoot(sphere, {0, -10, 0}, {0, 1, 0}); // hits (0, -2, 0): phi = 270 degrees
    REQUIRE(hit);
    CHECK(hit->u == Approx(0.75f));
    CHECK(hit->v == Approx(0.5f));
    const LocalGeometry g = sphere.geometryAt(hit->u, hit->v);
    CHECK(g.p.y == Approx(-2.0f));
    CHECK(g.normal.y == Approx(-1.0f));
    CHECK(dot(g.dpdu, g.normal) == Approx(0.0f).margin(1e-5));
    CHECK(dot(g.dpdv, g.normal) == Approx(0.0f).margin(1e-5));
    const Sphere reversed(kIdentity, true, false, 2, -2, 2, 360);
    CHECK(reversed.geometryAt(hit->u, hit->v).normal.y == Approx(1.0f));
}

TEST_CASE("cylinder: side hits, open ends, partial sweep", "[shapes][quadric]") {
    const Cylinder cylinder(kIdentity, false, false, 1, -1, 1, 360);
    const auto side = shoot(cylinder, {-5, 0, 0}, {1, 0, 0});
    REQUIRE(side);
    CHECK(side->t == Approx(4));
    CHECK(side->v == Approx(0.5f));
    CHECK_FALSE(shoot(cylinder, {0, 0, -5}, {0, 0, 1}));   // down the open axis
    CHECK_FALSE(shoot(cylinder, {-5, 0, 1.5}, {1, 0, 0})); // above zmax
    const auto inside = shoot(cylinder, {0, 0, 0}, {0, 1, 0});
    REQUIRE(inside);
    CHECK(inside->t == Approx(1));
    const Cylinder quarter(kIdentity, false, false, 1, -1, 1, 90);
    CHECK(shoot(quarter, {0, 0, 0}, {1, 1, 0}));        // phi = 45: inside the sweep
    CHECK_FALSE(shoot(quarter, {0, 0, 0}, {-1, 1, 0})); // phi = 135: outside
    const LocalGeometry g = cylinder.geometryAt(side->u, side->v);
    CHECK(g.normal.x == Approx(-1.0f)); // outward at (-1, 0, 0)
}

TEST_CASE("disk: plane hit within the radius", "[shapes][quadric]") {
    const Disk disk(kIdentity, false, false, 0.5f, 2, 360);
    const auto hit = shoot(disk, {1, 0, 5}, {0, 0, -1});
    REQUIRE(hit);
    CHECK(hit->t == Approx(4.5));
    CHECK(hit->v == Approx(0.5f)); // r = 1 of 2: halfway from the rim
    CHECK_FALSE(shoot(disk, {2.5, 0, 5}, {0, 0, -1}));
    CHECK_FALSE(shoot(disk, {0, 0, 5}, {1, 0, 0}));              // parallel
    CHECK(disk.geometryAt(0.3f, 1.0f).normal.z == Approx(1.0f)); // centre: normal still defined
}

TEST_CASE("cone: apex at height, base of radius r", "[shapes][quadric]") {
    const Cone cone(kIdentity, false, false, 2, 1, 360);
    // At z = 1 the radius is 0.5.
    const auto hit = shoot(cone, {-5, 0, 1}, {1, 0, 0});
    REQUIRE(hit);
    CHECK(hit->t == Approx(4.5));
    CHECK(hit->v == Approx(0.5f));
    CHECK_FALSE(shoot(cone, {-5, 0, 2.5}, {1, 0, 0})); // above the apex (the other nappe)
    const LocalGeometry g = cone.geometryAt(hit->u, hit->v);
    // Outward normal of a cone with half-angle atan(1/2): (-2, 0, 1) / sqrt(5) at (-0.5, 0, 1).
    CHECK(g.normal.x == Approx(-2 / std::sqrt(5.0f)));
    CHECK(g.normal.z == Approx(1 / std::sqrt(5.0f)));
}

TEST_CASE("paraboloid: z = zmax r^2 / rmax^2 between zmin and zmax", "[shapes][quadric]") {
    const Paraboloid paraboloid(kIdentity, false, false, 1, 0, 1, 360);
    const auto axis = shoot(paraboloid, {0, 0, -5}, {0, 0, 1}); // the apex
    REQUIRE(axis);
    CHECK(axis->t == Approx(5));
    // At r = 0.5: z = 0.25.
    const auto hit = shoot(paraboloid, {0.5, 0, -5}, {0, 0, 1});
    REQUIRE(hit);
    CHECK(hit->t == Approx(5.25));
    CHECK(hit->v == Approx(0.25f));
    const Paraboloid cut(kIdentity, false, false, 1, 0.5f, 1, 360);
    CHECK_FALSE(shoot(cut, {0, 0, -5}, {0, 0, 1})); // the apex is cut away; the axis is open
}

TEST_CASE("hyperboloid: a rotated segment (cylinder and one-sheet cases)", "[shapes][quadric]") {
    // Segment (1,0,-1)-(1,0,1) sweeps a cylinder of radius 1.
    const Hyperboloid cylinder(kIdentity, false, false, {1, 0, -1}, {1, 0, 1}, 360);
    const auto hit = shoot(cylinder, {-5, 0, 0.5}, {1, 0, 0});
    REQUIRE(hit);
    CHECK(hit->t == Approx(4));
    CHECK(hit->v == Approx(0.75f));
    // Segment (1,-1,-1)-(1,1,1): x^2 + y^2 = 1 + z^2, radius 1 at the waist, sqrt(2) at z = 1.
    const Hyperboloid sheet(kIdentity, false, false, {1, -1, -1}, {1, 1, 1}, 360);
    const auto waist = shoot(sheet, {-5, 0, 0}, {1, 0, 0});
    REQUIRE(waist);
    CHECK(waist->t == Approx(4));
    const auto top = shoot(sheet, {-5, 0, 1}, {1, 0, 0});
    REQUIRE(top);
    CHECK(top->t == Approx(5 - std::sqrt(2.0)));
}

TEST_CASE("one-sided quadrics ignore hits on their back face", "[shapes][quadric]") {
    const Sphere oneSided(kIdentity, false, true, 2, -2, 2, 360);
    const auto outside = shoot(oneSided, {0, 0, -10}, {0, 0, 1});
    REQUIRE(outside);
    CHECK(outside->t == Approx(8));
    CHECK_FALSE(shoot(oneSided, {0, 0, 0}, {1, 0, 0})); // from inside only back faces are seen
}

TEST_CASE("transformed quadrics intersect in scene space", "[shapes][quadric]") {
    const Transform placed = Transform::translate({10, 0, 0}) * Transform::scale(2, 2, 2);
    const Sphere sphere(placed, false, false, 1, -1, 1, 360);
    const float origin[3] = {10, 0, -10}, direction[3] = {0, 0, 1};
    const auto hit = sphere.intersectScene(origin, direction, 0, 1e30f);
    REQUIRE(hit);
    CHECK(hit->t == Approx(8));
    // Area sampling returns points on the surface with density 1 / area for a uniform pdf in
    // (u, v) weighted by the area element; over the whole sphere it must integrate to 1.
    double integral = 0;
    const int n = 64;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const AreaSample s = sphere.sampleArea({(i + 0.5f) / n, (j + 0.5f) / n});
            CHECK(length(s.p - Vec3{10, 0, 0}) == Approx(2.0f).epsilon(1e-4));
            integral += 1.0 / s.pdf / (n * n);
        }
    CHECK(integral == Approx(4 * std::numbers::pi * 4).epsilon(2e-3)); // the sphere's area, 16 pi
}

TEST_CASE("a shadow ray is blocked exactly where a ray finds a hit", "[shapes][quadric]") {
    // Closed two-sided spheres answer shadow rays from the roots alone; cut and one-sided ones
    // through the full test. Either way the answer is the hit query's, for rays from outside,
    // inside, grazing, and stopping short of or just past the surface. The segments are chosen
    // here, not by the code: t in (tMin, tMax) against the analytic roots 8 and 12 (or 2).
    const Transform placed = Transform::translate({1, -2, 3}) * Transform::scale(2, 2, 2);
    const Sphere whole(placed, false, false, 1, -1, 1, 360),
        cap(placed, false, false, 1, 0.5f, 1, 360), swept(placed, false, false, 1, -1, 1, 200),
        oneSided(placed, false, true, 1, -1, 1, 360);
    struct Segment {
        Vec3 origin, direction;
        float tMin, tMax;
    };
    const Segment segments[] = {
        {{1, -2, -7}, {0, 0, 1}, 0, 1e30f},     // through the centre: roots 8 and 12
        {{1, -2, -7}, {0, 0, 1}, 0, 7.9f},      // stops short
        {{1, -2, -7}, {0, 0, 1}, 8.1f, 11.9f},  // between the two roots
        {{1, -2, -7}, {0, 0, 1}, 11.9f, 20},    // only the far root
        {{1, -2, 3}, {1, 0, 0}, 0, 1e30f},      // from the centre: one root, 2
        {{1, -2, 3}, {1, 0, 0}, 0, 1.9f},       // from the centre, short of it
        {{3, -2, -7}, {0, 0, 1}, 0, 1e30f},     // grazing the rim
        {{3.01f, -2, -7}, {0, 0, 1}, 0, 1e30f}, // just beside it
        {{1, -2, 3.9f}, {0, 0, 1}, 0, 1e30f},   // from inside, up through the cap
        {{1, -3.9f, 3}, {0, 1, 0}, 0, 1e30f},   // from inside, across the open sweep
    };
    for (const Sphere* sphere : {&whole, &cap, &swept, &oneSided})
        for (const Segment& s : segments) {
            const float o[3] = {s.origin.x, s.origin.y, s.origin.z},
                        d[3] = {s.direction.x, s.direction.y, s.direction.z};
            INFO("sphere " << (sphere == &whole   ? "whole"
                               : sphere == &cap   ? "cap"
                               : sphere == &swept ? "swept"
                                                  : "one-sided")
                           << ", ray from " << o[0] << " " << o[1] << " " << o[2] << " along "
                           << d[0] << " " << d[1] << " " << d[2] << ", t in (" << s.tMin << ", "
                           << s.tMax << ")");
            CHECK(sphere->occludesScene(o, d, s.tMin, s.tMax) ==
                  sphere->intersectScene(o, d, s.tMin, s.tMax).has_value());
        }
    // And the whole sphere's answers are the analytic ones.
    const float o[3] = {1, -2, -7}, d[3] = {0, 0, 1};
    CHECK(whole.occludesScene(o, d, 0, 1e30f));
    CHECK_FALSE(whole.occludesScene(o, d, 0, 7.9f));
    CHECK_FALSE(whole.occludesScene(o, d, 8.1f, 11.9f));
    CHECK(whole.occludesScene(o, d, 11.9f, 20));
}
