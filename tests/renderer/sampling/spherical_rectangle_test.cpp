// Urena et al.'s spherical rectangle sampling against geometry worked out independently in the
// test: the solid angle as the sum of two spherical triangles' by Girard's theorem (the angle
// excess), the hit by a ray-plane test in the rectangle's own coordinates, and the density by
// counting the samples of each quarter of the rectangle.
#include "renderer/sampling/spherical_rectangle.h"
#include "tests/renderer/sampling/spherical_geometry.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

using namespace lrt;
using namespace lrt::testing;

namespace {

// A rectangle's sub-rectangle [a, b] x [c, d] (fractions of its edges) seen from p: two triangles.
double subSolidAngle(const Double3& p, const Rectangle& r, double a, double b, double c, double d) {
    const Double3 o = toDouble(r.corner), x = toDouble(r.edgeX), y = toDouble(r.edgeY);
    const auto at = [&](double s, double t) { return plus(o, plus(scaled(x, s), scaled(y, t))); };
    return girardSolidAngle(p, {at(a, c), at(b, c), at(b, d)}) +
           girardSolidAngle(p, {at(a, c), at(b, d), at(a, d)});
}

// Where the ray p + s w meets the rectangle's plane (s > 0), as fractions of its two edges.
std::optional<std::array<double, 2>> rectangleHit(const Double3& p, const Double3& w,
                                                  const Rectangle& r) {
    const Double3 o = toDouble(r.corner), x = toDouble(r.edgeX), y = toDouble(r.edgeY);
    const Double3 n = cross3(x, y);
    const double s = dot3(minus(o, p), n) / dot3(w, n);
    if (!(s > 0))
        return std::nullopt;
    const Double3 q = minus(plus(p, scaled(w, s)), o);
    return std::array<double, 2>{dot3(q, x) / dot3(x, x), dot3(q, y) / dot3(y, y)};
}

struct RectangleCase {
    Vec3 p;
    Rectangle rectangle;
};

const RectangleCase kRectangleCases[] = {
    {{0.3f, 0.2f, -1}, {{-1, -1, 0}, {2, 0, 0}, {0, 2, 0}}},       // under its middle
    {{4, -3, 2}, {{0, 0, 0}, {1, 0, 0}, {0, 3, 0}}},               // off to a side, above
    {{0.1f, 0.1f, 0.05f}, {{-2, -2, 0}, {4, 0, 0}, {0, 4, 0}}},    // nearly a hemisphere
    {{1, 2, 3}, {{0.5f, 0, 0}, {1, 1, 0}, {-0.5f, 0.5f, 1}}},      // tilted, perpendicular edges
    {{0, 0, 20}, {{-0.3f, -0.1f, 0}, {0.6f, 0, 0}, {0, 0.2f, 0}}}, // small and far
};

} // namespace

TEST_CASE("a spherical rectangle's solid angle is its two triangles' angle excess",
          "[sampling][spherical]") {
    for (const RectangleCase& c : kRectangleCases) {
        const auto s = sphericalRectangle(c.p, c.rectangle);
        REQUIRE(s);
        const double expected = subSolidAngle(toDouble(c.p), c.rectangle, 0, 1, 0, 1);
        INFO("seen from (" << c.p.x << ", " << c.p.y << ", " << c.p.z << ")");
        CHECK(s->solidAngle == Approx(expected).epsilon(1e-4));
    }
    // In the rectangle's plane it subtends nothing.
    CHECK_FALSE(sphericalRectangle({3, 0.5f, 0}, kRectangleCases[0].rectangle));
    CHECK_FALSE(sphericalRectangle({0, 0, 1}, {{0, 0, 0}, {0, 0, 0}, {0, 1, 0}}));
}

TEST_CASE("spherical rectangle samples hit the rectangle, uniformly by solid angle",
          "[sampling][spherical]") {
    // Samples on a 64 x 64 grid of u: every point lies on the rectangle, and the share that falls
    // in each quarter of it is that quarter's share of the solid angle (within 5 standard errors of
    // a binomial count; the grid's stratification only makes the shares closer).
    for (const RectangleCase& c : kRectangleCases) {
        const auto s = sphericalRectangle(c.p, c.rectangle);
        REQUIRE(s);
        const Double3 p = toDouble(c.p);
        std::array<int, 4> counts{};
        const int n = 64;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) {
                const Vec2 u{(static_cast<float>(i) + 0.5f) / n,
                             (static_cast<float>(j) + 0.5f) / n};
                const Vec3 q = sampleSphericalRectangle(*s, u);
                const auto hit = rectangleHit(p, unit(minus(toDouble(q), p)), c.rectangle);
                INFO("seen from (" << c.p.x << ", " << c.p.y << ", " << c.p.z << "), u = (" << u.x
                                   << ", " << u.y << ")");
                REQUIRE(hit);
                CHECK((*hit)[0] >= -1e-4);
                CHECK((*hit)[0] <= 1 + 1e-4);
                CHECK((*hit)[1] >= -1e-4);
                CHECK((*hit)[1] <= 1 + 1e-4);
                ++counts[static_cast<std::size_t>(((*hit)[0] >= 0.5) + 2 * ((*hit)[1] >= 0.5))];
            }
        for (std::size_t q = 0; q < 4; ++q) {
            const double a = (q % 2) * 0.5, c0 = (q / 2) * 0.5;
            const double expected =
                subSolidAngle(p, c.rectangle, a, a + 0.5, c0, c0 + 0.5) / s->solidAngle;
            const double error = std::sqrt(expected * (1 - expected) / (n * n));
            INFO("seen from (" << c.p.x << ", " << c.p.y << ", " << c.p.z << "), quarter " << q
                               << ": " << counts[q] << " of " << n * n << ", expected share "
                               << expected);
            CHECK(std::fabs(counts[q] / double(n * n) - expected) <= 5 * error);
        }
    }
}

TEST_CASE("the spherical rectangle's density integrates to 1 over the sphere of directions",
          "[sampling][spherical]") {
    // Within 5 standard errors of the Monte Carlo estimate over 400000 uniform directions.
    std::uint64_t seed = 12;
    for (const RectangleCase& c : kRectangleCases) {
        const Double3 p = toDouble(c.p);
        const auto spherical = sphericalRectangle(c.p, c.rectangle);
        REQUIRE(spherical);
        const DensityIntegral integral =
            integrateDensity(spherical->solidAngle, 400000, seed++, [&](const Double3& w) {
                const auto hit = rectangleHit(p, w, c.rectangle);
                return hit && (*hit)[0] >= 0 && (*hit)[0] <= 1 && (*hit)[1] >= 0 && (*hit)[1] <= 1;
            });
        INFO("seen from (" << c.p.x << ", " << c.p.y << ", " << c.p.z << "): integral "
                           << integral.value);
        CHECK(std::fabs(integral.value - 1) <= 5 * integral.error);
    }
}
