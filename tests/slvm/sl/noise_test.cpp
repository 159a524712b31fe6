// Properties of the gradient noise and turbulence behind `turb`.
#include "slvm/sl/noise.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace slvm::sl;

TEST_CASE("noise is zero on the integer lattice", "[sl][noise]") {
    for (int x = -3; x <= 3; ++x)
        for (int y = -3; y <= 3; ++y)
            CHECK(perlinNoise(static_cast<float>(x), static_cast<float>(y), 7.0f) == 0.0f);
    CHECK(perlinNoise(1e20f, 0.0f, 0.0f) == 0.0f); // huge values are integers too
}

TEST_CASE("noise stays within -1..1 and varies and is continuous", "[sl][noise]") {
    float lo = 1.0f, hi = -1.0f;
    for (int i = 0; i < 20000; ++i) {
        const float x = 0.137f * static_cast<float>(i), y = 0.071f * static_cast<float>(i % 97),
                    z = -0.053f * static_cast<float>(i % 31);
        const float n = perlinNoise(x, y, z);
        REQUIRE(n >= -1.0f);
        REQUIRE(n <= 1.0f);
        lo = std::fmin(lo, n);
        hi = std::fmax(hi, n);
        // The gradient is bounded (|grad| < 4 for improved noise), so a tiny step changes little.
        CHECK(std::fabs(perlinNoise(x + 1e-4f, y, z) - n) < 1e-3f);
    }
    CHECK(lo < -0.4f);
    CHECK(hi > 0.4f);
}

TEST_CASE("noise is deterministic", "[sl][noise]") {
    CHECK(perlinNoise(0.3f, 1.7f, -2.2f) == perlinNoise(0.3f, 1.7f, -2.2f));
    CHECK(turbulence(0.3f, 1.7f, -2.2f) == turbulence(0.3f, 1.7f, -2.2f));
}

TEST_CASE("turbulence is the octave sum of |noise| within 0..2", "[sl][noise]") {
    const float x = 0.31f, y = -4.2f, z = 2.9f;
    float expected = 0.0f;
    for (int octave = 0; octave < kTurbulenceOctaves; ++octave) {
        const float f = std::ldexp(1.0f, octave);
        expected += std::fabs(perlinNoise(x * f, y * f, z * f)) / f;
    }
    CHECK(turbulence(x, y, z) == expected);
    for (int i = 0; i < 5000; ++i) {
        const float t =
            turbulence(0.77f * static_cast<float>(i), 0.13f * static_cast<float>(i), 0.5f);
        REQUIRE(t >= 0.0f);
        REQUIRE(t < 2.0f);
    }
}

TEST_CASE("non-finite input gives NaN, never undefined behaviour", "[sl][noise]") {
    CHECK(std::isnan(perlinNoise(INFINITY, 0, 0)));
    CHECK(std::isnan(turbulence(0, NAN, 0)));
}
