// Arvo's spherical triangle sampling against geometry worked out independently in the test: the
// solid angle by Girard's theorem (the angle excess), the hit by a ray-triangle test, and the
// density by counting the samples of each quarter of the triangle.
#include "renderer/sampling/pcg32.h"
#include "renderer/sampling/spherical_triangle.h"
#include "tests/renderer/sampling/spherical_geometry.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace lrt;
using namespace lrt::testing;

namespace {

// The barycentric weights of (1, 2) where the ray p + s w meets the triangle's plane.
std::optional<std::array<double, 2>> rayHit(const Double3& p, const Double3& w,
                                            const std::array<Double3, 3>& t) {
    const Double3 e1 = minus(t[1], t[0]), e2 = minus(t[2], t[0]);
    const Double3 pv = cross3(w, e2);
    const double det = dot3(e1, pv);
    const Double3 tv = minus(p, t[0]);
    const double b1 = dot3(tv, pv) / det, b2 = dot3(w, cross3(tv, e1)) / det;
    const double s = dot3(e2, cross3(tv, e1)) / det;
    if (s <= 0)
        return std::nullopt;
    return std::array<double, 2>{b1, b2};
}

struct Case {
    Vec3 p;
    std::array<Vec3, 3> triangle;
};

const Case kCases[] = {
    {{0, 0, 0}, {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}},               // an octant: pi / 2
    {{0.2f, 0.1f, -1}, {{{-1, -1, 2}, {3, -1, 2}, {-1, 2, 2.5f}}}}, // near and wide
    {{5, -3, 1}, {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0.2f}}}},           // far and thin
    {{0, 0, 0.05f}, {{{-2, -2, 0}, {2, -2, 0}, {0, 3, 0}}}},        // nearly a hemisphere
};

} // namespace

TEST_CASE("a spherical triangle's solid angle is its angle excess", "[sampling][spherical]") {
    const auto octant = sphericalTriangle({0, 0, 0}, kCases[0].triangle);
    REQUIRE(octant);
    CHECK(octant->solidAngle == Approx(std::numbers::pi / 2).epsilon(1e-6));
    for (const Case& c : kCases) {
        const auto s = sphericalTriangle(c.p, c.triangle);
        REQUIRE(s);
        const double girard =
            girardSolidAngle(toDouble(c.p), {toDouble(c.triangle[0]), toDouble(c.triangle[1]),
                                             toDouble(c.triangle[2])});
        CHECK(s->solidAngle == Approx(girard).epsilon(1e-4));
    }
    // In the triangle's plane, or at a corner, it subtends nothing.
    CHECK_FALSE(sphericalTriangle({5, 5, 0}, {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}}));
    CHECK_FALSE(sphericalTriangle({1, 0, 0}, {{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}}));
}

TEST_CASE("spherical triangle samples hit the triangle, uniformly by solid angle",
          "[sampling][spherical]") {
    // The midpoints cut the triangle into four; uniform directions fall in each in proportion to
    // its solid angle (Girard's, in double precision). 64 x 64 stratified samples; the check
    // allows 5 binomial standard errors, which stratification only shrinks.
    for (const Case& c : kCases) {
        const Double3 p = toDouble(c.p);
        const std::array<Double3, 3> t{toDouble(c.triangle[0]), toDouble(c.triangle[1]),
                                       toDouble(c.triangle[2])};
        const auto s = sphericalTriangle(c.p, c.triangle);
        REQUIRE(s);
        const auto mid = [&](std::size_t i, std::size_t j) {
            return Double3{(t[i][0] + t[j][0]) / 2, (t[i][1] + t[j][1]) / 2,
                           (t[i][2] + t[j][2]) / 2};
        };
        const std::array<std::array<Double3, 3>, 4> quarters{{{t[0], mid(0, 1), mid(0, 2)},
                                                              {mid(0, 1), t[1], mid(1, 2)},
                                                              {mid(0, 2), mid(1, 2), t[2]},
                                                              {mid(0, 1), mid(1, 2), mid(0, 2)}}};
        const double whole = girardSolidAngle(p, t);
        std::array<int, 4> counts{};
        const int n = 64;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                const Vec2 u{(static_cast<float>(i) + 0.5f) / n,
                             (static_cast<float>(j) + 0.5f) / n};
                const Double3 w = toDouble(sampleSphericalTriangle(*s, u));
                INFO("u = (" << u.x << ", " << u.y << ")");
                CHECK(dot3(w, w) == Approx(1).epsilon(1e-5));
                const auto hit = rayHit(p, w, t);
                REQUIRE(hit);
                const double b1 = (*hit)[0], b2 = (*hit)[1], b0 = 1 - b1 - b2;
                CHECK(std::min({b0, b1, b2}) > -1e-3);
                // Which quarter: a corner's when its weight is over 1/2, else the middle one.
                const int quarter = b0 > 0.5 ? 0 : b1 > 0.5 ? 1 : b2 > 0.5 ? 2 : 3;
                ++counts[static_cast<std::size_t>(quarter)];
            }
        for (std::size_t q = 0; q < 4; ++q) {
            const double expected = girardSolidAngle(p, quarters[q]) / whole;
            const double error = std::sqrt(expected * (1 - expected) / (n * n));
            INFO("quarter " << q << " of the triangle seen from (" << c.p.x << ", " << c.p.y << ", "
                            << c.p.z << ")");
            CHECK(std::fabs(counts[q] / double(n * n) - expected) <= 5 * error);
        }
    }
}

TEST_CASE("the solid-angle density integrates to 1 over the sphere of directions",
          "[sampling][spherical]") {
    // Monte Carlo over uniform directions: 4 pi times the mean of the density (1 / solid angle
    // where the direction meets the triangle, 0 elsewhere) estimates its integral, within 5
    // standard errors of the estimate.
    std::uint64_t seed = 11;
    for (const Case& c : kCases) {
        const auto s = sphericalTriangle(c.p, c.triangle);
        REQUIRE(s);
        const Double3 p = toDouble(c.p);
        const std::array<Double3, 3> t{toDouble(c.triangle[0]), toDouble(c.triangle[1]),
                                       toDouble(c.triangle[2])};
        const DensityIntegral integral =
            integrateDensity(s->solidAngle, 400000, seed++, [&](const Double3& w) {
                const auto hit = rayHit(p, w, t);
                return hit && (*hit)[0] >= 0 && (*hit)[1] >= 0 && (*hit)[0] + (*hit)[1] <= 1;
            });
        INFO("seen from (" << c.p.x << ", " << c.p.y << ", " << c.p.z << "): integral "
                           << integral.value);
        CHECK(std::fabs(integral.value - 1) <= 5 * integral.error);
    }
}
