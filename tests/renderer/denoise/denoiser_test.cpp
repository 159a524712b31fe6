// The denoiser on synthetic buffers whose right answers are known: a constant stays constant, a
// colour linear in the features is reproduced, edges in albedo and normal stay sharp while the
// noise falls, a firefly stays where it was found, and the bits do not depend on the thread count.
#include "renderer/denoise/denoiser.h"
#include "renderer/sampling/pcg32.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <oneapi/tbb/task_arena.h>

using namespace lrt;

namespace {

constexpr int kSize = 32;

// Buffers of kSize x kSize pixels whose features `feature(x, y, f)` gives (albedo RGB, normal XYZ,
// depth) and whose halves are `colour(x, y, c)` plus independent Gaussian-like noise of spread
// `noise` (the sum of 4 uniforms, centred and scaled).
DenoiserInput makeInput(const std::function<float(int, int, int)>& feature,
                        const std::function<float(int, int, int)>& colour, float noise) {
    DenoiserInput in;
    in.width = in.height = kSize;
    Pcg32 random(42);
    const auto gaussian = [&] {
        float s = 0;
        for (int i = 0; i < 4; ++i)
            s += random.uniform() - 0.5f;
        return s * std::sqrt(3.0f); // variance 4 / 12, scaled to 1
    };
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) {
            for (int c = 0; c < 3; ++c) {
                in.albedo.push_back(feature(x, y, c));
                in.normal.push_back(feature(x, y, 3 + c));
                in.half0.push_back(colour(x, y, c) + noise * gaussian());
                in.half1.push_back(colour(x, y, c) + noise * gaussian());
            }
            in.depth.push_back(feature(x, y, 6));
        }
    return in;
}

float at(const std::vector<float>& image, int x, int y, int c) {
    return image[(static_cast<std::size_t>(y) * kSize + x) * 3 + c];
}

// Smooth, varied features: what a curved, textured surface gives.
float smoothFeature(int x, int y, int f) {
    return 0.5f + 0.4f * std::sin(0.21f * static_cast<float>(x * (f + 1)) +
                                  0.13f * static_cast<float>(y * (7 - f)));
}

} // namespace

TEST_CASE("the denoiser keeps a constant image constant", "[denoise]") {
    const DenoiserInput in = makeInput(
        smoothFeature, [](int, int, int c) { return 0.25f * (c + 1); }, 0);
    const std::vector<float> out = denoise(in);
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x)
            for (int c = 0; c < 3; ++c) {
                INFO("pixel (" << x << ", " << y << "), channel " << c);
                CHECK(at(out, x, y, c) == Approx(0.25f * (c + 1)).epsilon(1e-4));
            }
}

TEST_CASE("the denoiser reproduces a colour linear in the features", "[denoise]") {
    // colour = a + g . features, per channel, with no noise: the first-order regression fits it
    // exactly in every window (up to its tiny ridge).
    const auto linear = [](int x, int y, int c) {
        float v = 0.1f * static_cast<float>(c + 1);
        for (int f = 0; f < 7; ++f)
            v += (0.3f - 0.07f * static_cast<float>(f) + 0.05f * static_cast<float>(c)) *
                 smoothFeature(x, y, f);
        return v;
    };
    const DenoiserInput in = makeInput(smoothFeature, linear, 0);
    const std::vector<float> out = denoise(in);
    double worst = 0;
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x)
            for (int c = 0; c < 3; ++c)
                worst = std::max(worst, std::fabs(double{at(out, x, y, c)} - linear(x, y, c)) /
                                            std::fabs(double{linear(x, y, c)}));
    INFO("largest relative error " << worst);
    CHECK(worst < 2e-3);
}

TEST_CASE("the denoiser keeps edges in albedo and normal sharp while the noise falls",
          "[denoise]") {
    // Left half albedo 0.45, right half 0.55 (or the normal turned by 90 degrees, which changes the
    // shading from 0.5 to 0.6): colour is the albedo (or the shading) plus noise of spread 0.1 in
    // each half buffer, so that the colours alone hardly tell the sides apart. The columns beside
    // the edge keep their own side's value, and every pixel's error falls.
    for (const bool albedoEdge : {true, false}) {
        const auto feature = [&](int x, int, int f) {
            const bool right = x >= kSize / 2;
            if (f < 3)
                return albedoEdge ? (right ? 0.55f : 0.45f) : 0.5f;
            if (f < 6) // normal: +z on the left; +x on the right for the normal edge
                return albedoEdge || !right ? (f == 5 ? 1.0f : 0.0f) : (f == 3 ? 1.0f : 0.0f);
            return 1.0f;
        };
        const auto truth = [&](int x, int, int) {
            const bool right = x >= kSize / 2;
            return albedoEdge ? (right ? 0.55f : 0.45f) : (right ? 0.6f : 0.5f);
        };
        const DenoiserInput in = makeInput(feature, truth, 0.1f);
        const std::vector<float> out = denoise(in);
        double rawError = 0, denoisedError = 0;
        // The mean signed error of each column beside the edge: a blurred edge pulls it towards
        // the other side's value.
        double leftBias = 0, rightBias = 0;
        for (int y = 0; y < kSize; ++y)
            for (int x = 0; x < kSize; ++x)
                for (int c = 0; c < 3; ++c) {
                    const double raw =
                        0.5 * (in.half0[(static_cast<std::size_t>(y) * kSize + x) * 3 + c] +
                               in.half1[(static_cast<std::size_t>(y) * kSize + x) * 3 + c]);
                    const double t = truth(x, y, c), d = at(out, x, y, c);
                    rawError += (raw - t) * (raw - t);
                    denoisedError += (d - t) * (d - t);
                    if (x == kSize / 2 - 1)
                        leftBias += (d - t) / (3 * kSize);
                    if (x == kSize / 2)
                        rightBias += (d - t) / (3 * kSize);
                }
        INFO((albedoEdge ? "albedo" : "normal")
             << " edge: raw squared error " << rawError << ", denoised " << denoisedError
             << ", mean error beside the edge " << leftBias << " (left), " << rightBias
             << " (right)");
        CHECK(denoisedError < rawError / 4);
        // Across the edge the values differ by 0.1: a blurred edge is off by up to half of that
        // beside it; the raw columns' mean error has a spread of about 0.007.
        CHECK(std::fabs(leftBias) < 0.015);
        CHECK(std::fabs(rightBias) < 0.015);
    }
}

TEST_CASE("the denoiser does not spread a firefly over its neighbours", "[denoise]") {
    // Colour 0.5 with noise of spread 0.02, and one sample that found a bright, rare path: half0
    // at (16, 16) is 50. Spread evenly over an 11 x 11 window it would add 0.4 to every pixel
    // there; the other half saw nothing brighter than about 0.56 around it, so it is an outlier.
    DenoiserInput in = makeInput(
        smoothFeature, [](int, int, int) { return 0.5f; }, 0.02f);
    for (int c = 0; c < 3; ++c)
        in.half0[(16 * kSize + 16) * 3 + c] = 50;
    const std::vector<float> out = denoise(in);
    double worst = 0;
    for (int y = 10; y <= 22; ++y)
        for (int x = 10; x <= 22; ++x)
            for (int c = 0; c < 3; ++c)
                worst = std::max(worst, std::fabs(double{at(out, x, y, c)} - 0.5));
    INFO("largest error within 6 pixels of the firefly: " << worst);
    CHECK(worst < 0.05);
}

TEST_CASE("the denoiser keeps non-finite and huge values from spreading", "[denoise]") {
    // A NaN and an infinity in one half, and a pixel of 1e30 in both (a float an EXR may hold):
    // the first two count as 0 (so their own pixels may be darker), and the huge pixel may stay
    // huge, but every pixel is finite and every other one stays near the image's 0.5.
    DenoiserInput in = makeInput(
        smoothFeature, [](int, int, int) { return 0.5f; }, 0.02f);
    const auto pixel = [](int x, int y) { return static_cast<std::size_t>(y * kSize + x) * 3; };
    for (std::size_t c = 0; c < 3; ++c) {
        in.half0[pixel(5, 5) + c] = NAN;
        in.half1[pixel(20, 8) + c] = INFINITY;
        in.half0[pixel(12, 24) + c] = in.half1[pixel(12, 24) + c] = 1e30f;
    }
    const std::vector<float> out = denoise(in);
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x)
            for (int c = 0; c < 3; ++c) {
                INFO("pixel (" << x << ", " << y << "), channel " << c);
                REQUIRE(std::isfinite(at(out, x, y, c)));
                const bool altered =
                    (x == 5 && y == 5) || (x == 20 && y == 8) || (x == 12 && y == 24);
                if (!altered)
                    CHECK(std::fabs(at(out, x, y, c) - 0.5f) < 0.1f);
            }
}

TEST_CASE("the denoiser gives the same bits for any thread count", "[denoise]") {
    const DenoiserInput in = makeInput(
        smoothFeature, [](int x, int y, int c) { return smoothFeature(x, y, c) * 2; }, 0.2f);
    std::vector<float> one, two;
    tbb::task_arena(1).execute([&] { one = denoise(in); });
    tbb::task_arena(2).execute([&] { two = denoise(in); });
    CHECK(one == two);
}

TEST_CASE("the denoiser refuses buffers of the wrong size", "[denoise]") {
    DenoiserInput in = makeInput(smoothFeature, smoothFeature, 0);
    in.normal.pop_back();
    CHECK_THROWS_AS(denoise(in), std::invalid_argument);
}
