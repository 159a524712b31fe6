// pbrt-v4's Perlin noise and its octave sums: zero on the lattice, within [-1, 1], periodic with
// period 256, centred on 0; the footprint's octave count (fbm vanishes and turbulence takes its
// mean when a pixel spans a unit of texture space); and fbm's bound by its octaves' amplitudes.
#include "renderer/textures/perlin_noise.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

using namespace lrt;

TEST_CASE("Perlin noise is zero on the lattice, bounded by 1 and periodic", "[textures][noise]") {
    for (int x = -3; x <= 3; ++x)
        for (int y = -3; y <= 3; ++y)
            for (int z = -3; z <= 3; ++z)
                CHECK(perlinNoise(float(x), float(y), float(z)) == 0.0f);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> coordinate(-300.0f, 300.0f);
    double sum = 0, squares = 0;
    constexpr int kPoints = 20000;
    for (int i = 0; i < kPoints; ++i) {
        const Vec3 p{coordinate(random), coordinate(random), coordinate(random)};
        const float n = perlinNoise(p);
        INFO("noise at (" << p.x << ", " << p.y << ", " << p.z << ")");
        REQUIRE(std::fabs(n) <= 1.0f);
        // Period 256 along each axis; the offsets are whole numbers, so p + 256 is exact for
        // |p| < 300 up to float rounding of the sum, well within the tolerance.
        CHECK(perlinNoise(p + Vec3{256, 0, 0}) == Approx(n).margin(1e-3));
        CHECK(perlinNoise(p + Vec3{0, -256, 256}) == Approx(n).margin(1e-3));
        sum += n;
        squares += double(n) * n;
    }
    const double mean = sum / kPoints, deviation = std::sqrt(squares / kPoints - mean * mean);
    CHECK(std::fabs(mean) < 4 * deviation / std::sqrt(double(kPoints)) + 0.01);
    CHECK(deviation > 0.1); // not flat
}

TEST_CASE("Perlin noise is smooth: its finite differences converge", "[textures][noise]") {
    // The quintic fade makes noise twice continuously differentiable: halving the step halves
    // the central difference's change at most by a factor near 4 (an O(h^2) error).
    const Vec3 p{1.3f, -2.7f, 0.45f};
    const auto slope = [&](float h) {
        return (perlinNoise(p + Vec3{h, 0, 0}) - perlinNoise(p - Vec3{h, 0, 0})) / (2 * h);
    };
    CHECK(slope(1e-2f) == Approx(slope(5e-3f)).margin(2e-3));
    CHECK(std::fabs(slope(1e-2f)) < 2.5f); // the gradient's components are within [-1, 1]
}

TEST_CASE("fbm and turbulence count octaves by the footprint", "[textures][noise]") {
    const Vec3 p{0.37f, 1.91f, -4.2f};
    const Vec3 none{0, 0, 0};
    // All octaves: the sum of omega^i noise(1.99^i p).
    float expected = 0, amplitude = 1, frequency = 1;
    for (int i = 0; i < 5; ++i) {
        expected += amplitude * perlinNoise(p * frequency);
        amplitude *= 0.6f;
        frequency *= 1.99f;
    }
    CHECK(fbm(p, none, none, 0.6f, 5) == Approx(expected).margin(1e-6));
    // A step of one unit per pixel: clamp(-1 - log2(1) / 2, 0, 5) = 0 octaves.
    const Vec3 unit{1, 0, 0};
    CHECK(fbm(p, unit, none, 0.6f, 5) == 0.0f);
    // ... where turbulence counts every dropped octave at 0.2 (and pbrt-v4's first one twice):
    // 0.2 + 0.2 (1 + 0.5 + 0.25 + 0.125).
    CHECK(turbulence(p, unit, none, 0.5f, 4) == Approx(0.575f));
    // A step of 2^-5 units: -1 + 5 = 4 whole octaves and nothing of a fifth.
    const Vec3 small{0, 0, 1.0f / 32};
    float four = 0;
    amplitude = 1, frequency = 1;
    for (int i = 0; i < 4; ++i) {
        four += amplitude * perlinNoise(p * frequency);
        amplitude *= 0.6f;
        frequency *= 1.99f;
    }
    CHECK(fbm(p, none, small, 0.6f, 8) == Approx(four).margin(1e-6));
}

TEST_CASE("fbm stays within the sum of its octaves' amplitudes", "[textures][noise]") {
    std::mt19937 random(3);
    std::uniform_real_distribution<float> coordinate(-50.0f, 50.0f);
    const float bound = (1 - std::pow(0.5f, 6.0f)) / (1 - 0.5f); // 1 + 0.5 + ... + 0.5^5
    for (int i = 0; i < 2000; ++i) {
        const Vec3 p{coordinate(random), coordinate(random), coordinate(random)};
        REQUIRE(std::fabs(fbm(p, {}, {}, 0.5f, 6)) <= bound);
        REQUIRE(turbulence(p, {}, {}, 0.5f, 6) >= 0.0f);
    }
}
