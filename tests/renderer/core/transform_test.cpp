// Transform (renderer/core/transform.h) against hand-computed matrices, points, normals and rays.
#include "renderer/core/transform.h"
#include "tests/renderer/vector_matchers.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <iomanip>
#include <numbers>
#include <sstream>
#include <string>

using namespace lrt;
using namespace lrt::testing;

namespace {

std::string describe(const Matrix4& m) {
    std::ostringstream out;
    out << std::setprecision(9);
    for (const auto& row : m)
        out << "[" << row[0] << " " << row[1] << " " << row[2] << " " << row[3] << "]";
    return out.str();
}

// Entry-by-entry comparison, printing both matrices when they differ.
void checkMatrix(const Matrix4& actual, const Matrix4& expected, float margin = 1e-6f) {
    INFO("actual   " << describe(actual));
    INFO("expected " << describe(expected));
    bool same = true;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            same = same && std::fabs(actual[i][j] - expected[i][j]) <= margin;
    CHECK(same);
}

Matrix4 rows(std::array<float, 4> r0, std::array<float, 4> r1, std::array<float, 4> r2,
             std::array<float, 4> r3) {
    return {r0, r1, r2, r3};
}

const Matrix4 kIdentity = rows({1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1});

// A transform mixing every kind, for round trips.
Transform messy() {
    return Transform::translate({1, -2, 3}) * Transform::rotate(37, {1, 2, -0.5f}) *
           Transform::scale(2, 0.5f, -3) * Transform::rotate(-80, {0, 1, 1});
}

} // namespace

TEST_CASE("transform: translate moves points, not vectors or normals", "[core][transform]") {
    const Transform t = Transform::translate({1, 2, 3});
    // Column-vector convention: the translation is the last column.
    checkMatrix(t.matrix(), rows({1, 0, 0, 1}, {0, 1, 0, 2}, {0, 0, 1, 3}, {0, 0, 0, 1}));
    checkMatrix(t.inverse().matrix(),
                rows({1, 0, 0, -1}, {0, 1, 0, -2}, {0, 0, 1, -3}, {0, 0, 0, 1}));
    CHECK_THAT(t.point({4, 5, 6}), isNear({5, 7, 9}));
    CHECK_THAT(t.vector({4, 5, 6}), isNear({4, 5, 6}));
    CHECK_THAT(t.normal({0, 0, 1}), isNear({0, 0, 1}));
    CHECK_THAT(t.inverse().point({5, 7, 9}), isNear({4, 5, 6}));
}

TEST_CASE("transform: scale multiplies each axis", "[core][transform]") {
    const Transform s = Transform::scale(2, 3, -4);
    checkMatrix(s.matrix(), rows({2, 0, 0, 0}, {0, 3, 0, 0}, {0, 0, -4, 0}, {0, 0, 0, 1}));
    checkMatrix(s.inverse().matrix(),
                rows({0.5f, 0, 0, 0}, {0, 1.0f / 3, 0, 0}, {0, 0, -0.25f, 0}, {0, 0, 0, 1}));
    CHECK_THAT(s.point({1, 1, 1}), isNear({2, 3, -4}));
    CHECK_THAT(s.vector({1, -2, 0.5f}), isNear({2, -6, -2}));
}

TEST_CASE("transform: rotate about the coordinate axes is counter-clockwise", "[core][transform]") {
    // Rodrigues: R v = v cos + (a x v) sin + a (a . v)(1 - cos); at 90 degrees R v = a x v for v
    // perpendicular to a, so x -> y about z, y -> z about x, z -> x about y.
    const float m = 2e-6f;
    CHECK_THAT(Transform::rotate(90, {0, 0, 1}).point({1, 0, 0}), isNear({0, 1, 0}, m));
    CHECK_THAT(Transform::rotate(90, {0, 0, 1}).point({0, 1, 0}), isNear({-1, 0, 0}, m));
    CHECK_THAT(Transform::rotate(90, {1, 0, 0}).point({0, 1, 0}), isNear({0, 0, 1}, m));
    CHECK_THAT(Transform::rotate(90, {1, 0, 0}).point({0, 0, 1}), isNear({0, -1, 0}, m));
    CHECK_THAT(Transform::rotate(90, {0, 1, 0}).point({0, 0, 1}), isNear({1, 0, 0}, m));
    CHECK_THAT(Transform::rotate(90, {0, 1, 0}).point({1, 0, 0}), isNear({0, 0, -1}, m));
    // The whole matrix for 90 degrees about z.
    checkMatrix(Transform::rotate(90, {0, 0, 1}).matrix(),
                rows({0, -1, 0, 0}, {1, 0, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}), m);
    // 30 degrees about x: (0, 1, 0) -> (0, cos 30, sin 30).
    const float c = std::sqrt(3.0f) / 2;
    CHECK_THAT(Transform::rotate(30, {1, 0, 0}).point({0, 1, 0}), isNear({0, c, 0.5f}, m));
}

TEST_CASE("transform: rotate about an arbitrary, non-unit axis", "[core][transform]") {
    // 120 degrees about (1, 1, 1) permutes the axes cyclically: x -> y -> z -> x.
    const Transform r = Transform::rotate(120, {2, 2, 2});
    const float m = 2e-6f;
    CHECK_THAT(r.point({1, 0, 0}), isNear({0, 1, 0}, m));
    CHECK_THAT(r.point({0, 1, 0}), isNear({0, 0, 1}, m));
    CHECK_THAT(r.point({0, 0, 1}), isNear({1, 0, 0}, m));
    // Points on the axis stay put; the axis length does not matter.
    CHECK_THAT(r.point({3, 3, 3}), isNear({3, 3, 3}, 1e-5f));
    checkMatrix(Transform::rotate(40, {0, 0, 7}).matrix(),
                Transform::rotate(40, {0, 0, 1}).matrix());
    // A zero axis is the identity (as documented).
    checkMatrix(Transform::rotate(45, {0, 0, 0}).matrix(), kIdentity);
    // A rotation's inverse is its transpose and rotating back by the same angle.
    checkMatrix(Transform::rotate(33, {1, -2, 3}).inverse().matrix(),
                Transform::rotate(-33, {1, -2, 3}).matrix(), 1e-6f);
    checkMatrix(Transform::rotate(33, {1, -2, 3}).inverse().matrix(),
                transpose(Transform::rotate(33, {1, -2, 3}).matrix()));
}

TEST_CASE("transform: lookAt builds pbrt's world-to-camera transform", "[core][transform]") {
    SECTION("looking down +z from the origin with +y up is the identity") {
        const auto t = Transform::lookAt({0, 0, 0}, {0, 0, 1}, {0, 1, 0});
        REQUIRE(t);
        checkMatrix(t->matrix(), kIdentity);
    }
    SECTION("the eye goes to the origin and the target onto +z") {
        const Vec3 eye{1, 2, 3}, target{1, 2, 10};
        const auto t = Transform::lookAt(eye, target, {0, 1, 0});
        REQUIRE(t);
        CHECK_THAT(t->point(eye), isNear({0, 0, 0}));
        CHECK_THAT(t->point(target), isNear({0, 0, 7}));
        checkMatrix(t->matrix(), Transform::translate({-1, -2, -3}).matrix());
    }
    SECTION("looking down +x: camera right is world -z (left-handed)") {
        // right = up x dir = y x x = -z; camera up = dir x right = x x -z = y.
        const auto t = Transform::lookAt({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
        REQUIRE(t);
        CHECK_THAT(t->point({5, 0, 0}), isNear({0, 0, 5}));
        CHECK_THAT(t->point({0, 0, -1}), isNear({1, 0, 0}));
        CHECK_THAT(t->point({0, 1, 0}), isNear({0, 1, 0}));
        CHECK_FALSE(t->swapsHandedness());
    }
    SECTION("a tilted up vector is made perpendicular to the view direction") {
        const Vec3 eye{0, 2, -8}, target{0, 1, 0};
        const auto t = Transform::lookAt(eye, target, {0, 1, 0});
        REQUIRE(t);
        // The view direction is (0, -1, 8) / sqrt(65); the camera's +y leans towards it.
        const float len = std::sqrt(65.0f);
        const Transform toWorld = t->inverse();
        CHECK_THAT(toWorld.vector({0, 0, 1}), isNear({0, -1 / len, 8 / len}));
        CHECK_THAT(toWorld.vector({0, 1, 0}), isNear({0, 8 / len, 1 / len}));
        CHECK_THAT(toWorld.vector({1, 0, 0}), isNear({1, 0, 0}));
        CHECK_THAT(toWorld.point({0, 0, 0}), isNear(eye));
    }
}

TEST_CASE("transform: lookAt with a degenerate view gives nullopt", "[core][transform]") {
    CHECK_FALSE(Transform::lookAt({0, 0, 0}, {0, 3, 0}, {0, 1, 0}));  // up along the view
    CHECK_FALSE(Transform::lookAt({0, 0, 0}, {0, -3, 0}, {0, 2, 0})); // up against it
    CHECK_FALSE(Transform::lookAt({1, 1, 1}, {1, 1, 1}, {0, 1, 0}));  // no view direction
    CHECK(Transform::lookAt({0, 0, 0}, {0, 3, 0}, {0, 0, 1}));
}

TEST_CASE("transform: T1 * T2 applies T2 first", "[core][transform]") {
    const Transform t = Transform::translate({1, 0, 0}), s = Transform::scale(2, 2, 2);
    // Scale then translate: (1, 1, 1) -> (2, 2, 2) -> (3, 2, 2).
    CHECK_THAT((t * s).point({1, 1, 1}), isNear({3, 2, 2}));
    // Translate then scale: (1, 1, 1) -> (2, 1, 1) -> (4, 2, 2).
    CHECK_THAT((s * t).point({1, 1, 1}), isNear({4, 2, 2}));
    checkMatrix((t * s).matrix(), rows({2, 0, 0, 1}, {0, 2, 0, 0}, {0, 0, 2, 0}, {0, 0, 0, 1}));
    checkMatrix((s * t).matrix(), rows({2, 0, 0, 2}, {0, 2, 0, 0}, {0, 0, 2, 0}, {0, 0, 0, 1}));
    // Rotate 90 about z then translate along x: (1, 0, 0) -> (0, 1, 0) -> (1, 1, 0).
    const Transform r = Transform::rotate(90, {0, 0, 1});
    CHECK_THAT((t * r).point({1, 0, 0}), isNear({1, 1, 0}));
    CHECK_THAT((r * t).point({1, 0, 0}), isNear({0, 2, 0}));
    // The product's inverse undoes it in the opposite order.
    checkMatrix((t * s).inverse().matrix(), (s.inverse() * t.inverse()).matrix());
}

TEST_CASE("transform: inverses round-trip", "[core][transform]") {
    const Transform t = messy();
    const Vec3 points[] = {{0, 0, 0}, {1, 2, 3}, {-4.5f, 0.25f, 7}, {100, -50, 3}};
    for (const Vec3 p : points) {
        INFO("p = " << Catch::StringMaker<Vec3>::convert(p));
        const float m = 1e-5f * (1 + length(p));
        CHECK_THAT(t.inverse().point(t.point(p)), isNear(p, m));
        CHECK_THAT(t.point(t.inverse().point(p)), isNear(p, m));
        CHECK_THAT(t.inverse().vector(t.vector(p)), isNear(p, m));
        CHECK_THAT(t.inverse().normal(t.normal(p)), isNear(p, m));
    }
    checkMatrix(multiply(t.matrix(), t.inverse().matrix()), kIdentity, 1e-5f);
    checkMatrix(multiply(t.inverse().matrix(), t.matrix()), kIdentity, 1e-5f);
    checkMatrix(t.inverse().inverse().matrix(), t.matrix(), 0);
    // fromMatrix's Gauss-Jordan inverse agrees with the one composed from the factors.
    const auto fresh = Transform::fromMatrix(t.matrix());
    REQUIRE(fresh);
    checkMatrix(fresh->inverse().matrix(), t.inverse().matrix(), 1e-5f);
    CHECK(*fresh == t);
}

TEST_CASE("transform: fromMatrix inverts a general matrix by hand", "[core][transform]") {
    // M = [[2 1 0 0] [1 1 0 0] [0 0 4 0] [0 0 0 1]]: the 2x2 block [[2 1] [1 1]] has determinant 1
    // and inverse [[1 -1] [-1 2]].
    const auto t =
        Transform::fromMatrix(rows({2, 1, 0, 0}, {1, 1, 0, 0}, {0, 0, 4, 0}, {0, 0, 0, 1}));
    REQUIRE(t);
    checkMatrix(t->inverse().matrix(),
                rows({1, -1, 0, 0}, {-1, 2, 0, 0}, {0, 0, 0.25f, 0}, {0, 0, 0, 1}));
}

TEST_CASE("transform: fromMatrix of a singular matrix gives nullopt", "[core][transform]") {
    CHECK_FALSE(Transform::fromMatrix(Matrix4{}));
    CHECK_FALSE(
        Transform::fromMatrix(rows({1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 1})));
    // Rank 3: the third row is the sum of the first two.
    CHECK_FALSE(
        Transform::fromMatrix(rows({1, 2, 3, 4}, {0, 1, 1, 2}, {1, 3, 4, 6}, {0, 0, 0, 1})));
    // Projection onto z = 0 followed by a translation is still singular.
    CHECK_FALSE(Transform::fromMatrix(
        multiply(Transform::translate({1, 2, 3}).matrix(),
                 rows({1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 1}))));
    CHECK(Transform::fromMatrix(kIdentity));
}

TEST_CASE("transform: normals stay perpendicular under non-uniform scale", "[core][transform]") {
    // The plane x + y = 0 has normal (1, 1, 0) and tangents (1, -1, 0), (0, 0, 1). Scaling x by 2
    // maps it to the plane x / 2 + y = 0, normal (1/2, 1, 0): the inverse transpose diag(1/2, 1,
    // 1).
    const Transform s = Transform::scale(2, 1, 1);
    CHECK_THAT(s.normal({1, 1, 0}), isNear({0.5f, 1, 0}));
    CHECK(dot(s.normal({1, 1, 0}), s.vector({1, -1, 0})) == Approx(0).margin(1e-6));
    // Transforming the normal as a vector would be wrong: it leaves the perpendicular.
    CHECK(std::fabs(dot(s.vector({1, 1, 0}), s.vector({1, -1, 0}))) > 1);

    const Transform t = messy();
    const Vec3 normals[] = {{1, 1, 0}, {0.3f, -0.7f, 0.2f}, {0, 0, 1}, {-2, 5, 1}};
    for (const Vec3 n : normals) {
        Vec3 a, b;
        orthonormalBasis(normalize(n), a, b);
        const Vec3 tn = t.normal(n);
        INFO("n = " << Catch::StringMaker<Vec3>::convert(n)
                    << ", transformed = " << Catch::StringMaker<Vec3>::convert(tn));
        CHECK(dot(normalize(tn), normalize(t.vector(a))) == Approx(0).margin(1e-5));
        CHECK(dot(normalize(tn), normalize(t.vector(b))) == Approx(0).margin(1e-5));
    }
}

TEST_CASE("transform: swapsHandedness is a negative 3x3 determinant", "[core][transform]") {
    CHECK_FALSE(Transform().swapsHandedness());
    CHECK_FALSE(Transform::translate({-1, -2, -3}).swapsHandedness());
    CHECK_FALSE(Transform::rotate(170, {1, 2, 3}).swapsHandedness());
    CHECK_FALSE(Transform::scale(2, 3, 4).swapsHandedness());
    CHECK(Transform::scale(-1, 1, 1).swapsHandedness());
    CHECK(Transform::scale(1, 1, -2).swapsHandedness());
    CHECK_FALSE(Transform::scale(-1, -1, 1).swapsHandedness());
    CHECK(Transform::scale(-1, -1, -1).swapsHandedness());
    // A reflection survives rotation and translation; two reflections cancel.
    const Transform mirror = Transform::scale(1, -1, 1);
    CHECK((Transform::rotate(30, {0, 1, 0}) * mirror * Transform::translate({1, 2, 3}))
              .swapsHandedness());
    CHECK_FALSE((mirror * Transform::scale(-1, 1, 1)).swapsHandedness());
    // The translation column does not count: only the 3x3 part.
    CHECK_FALSE(
        Transform::fromMatrix(rows({1, 0, 0, -5}, {0, 1, 0, -5}, {0, 0, 1, -5}, {0, 0, 0, 1}))
            ->swapsHandedness());
}

TEST_CASE("transform: point divides by w for a projective matrix", "[core][transform]") {
    // pbrt's perspective divide for near n = 1, far f = 3:
    // [[1 0 0 0] [0 1 0 0] [0 0 f/(f-n) -f n/(f-n)] [0 0 1 0]], so (x, y, z) -> (x/z, y/z, (1.5 z -
    // 1.5) / z): z = n goes to 0 and z = f to 1.
    const auto p =
        Transform::fromMatrix(rows({1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1.5f, -1.5f}, {0, 0, 1, 0}));
    REQUIRE(p);
    CHECK_THAT(p->point({2, 4, 2}), isNear({1, 2, 0.75f}));
    CHECK_THAT(p->point({3, -6, 3}), isNear({1, -2, 1}));
    CHECK_THAT(p->point({0.5f, 0.5f, 1}), isNear({0.5f, 0.5f, 0}));
    // Vectors ignore the last row (no divide).
    CHECK_THAT(p->vector({2, 4, 2}), isNear({2, 4, 3}));
    // The inverse maps back, dividing by its own w.
    CHECK_THAT(p->inverse().point({1, 2, 0.75f}), isNear({2, 4, 2}, 1e-5f));
    // A homogeneous scale (w = 2 everywhere) halves every point.
    const auto h =
        Transform::fromMatrix(rows({1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 2}));
    REQUIRE(h);
    CHECK_THAT(h->point({2, 4, 6}), isNear({1, 2, 3}));
}

TEST_CASE("transform: ray transforms origin and direction, keeps the extent", "[core][transform]") {
    const Transform t = Transform::translate({0, 0, 5}) * Transform::scale(2, 2, 2);
    const Ray r({1, 0, 0}, {0, 1, 0}, 0.5f, 10);
    const Ray tr = t.ray(r);
    CHECK_THAT(tr.origin, isNear({2, 0, 5}));
    CHECK_THAT(tr.direction, isNear({0, 2, 0})); // not renormalised
    CHECK(tr.tMin == 0.5f);
    CHECK(tr.tMax == 10);
    // The same parameter t names the transformed point.
    CHECK_THAT(tr.at(3), isNear(t.point(r.at(3))));
    const Ray inf = t.ray(Ray({0, 0, 0}, {0, 0, 1}));
    CHECK(inf.tMax == INFINITY);
}
