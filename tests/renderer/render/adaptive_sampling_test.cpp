// Adaptive sampling (--noise-threshold): the rounds and the noise estimate, samples where the
// image is noisy, and the same bits for any thread count, tile, crop and resumed checkpoint.
#include "../image_difference.h"
#include "../render_test_support.h"
#include "renderer/render/adaptive_rounds.h"
#include "tests/renderer/determinism.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <cstring>

using namespace lrt;

namespace {

// The samples AOV (the last of renderer.h's AOV channels) of pixel (x, y).
float samplesAt(const RenderResult& r, int x, int y) {
    return r.aovs.at(x, y, kSampleCountChannel);
}

// Left half: a constant surface, every sample alike. Right half: a floor in the penumbra of a
// small area light, path traced, noisy.
const char* kHalfAndHalf = R"(Format 32 16 1
PixelFilter "box" 0.5 0.5
SurfaceIntegrator "path" "maxdepth" 2
Projection "orthographic"
ScreenWindow -2 2 -1 1
LookAt 0 5 0  0 0 0  0 0 1
WorldBegin
AttributeBegin
  AreaLightSource "arealight" "intensity" [20]
  Translate 1 1 0
  Sphere 0.1 -0.1 0.1 360
AttributeEnd
AttributeBegin
  Surface "constant"
  Color [0.5 0.5 0.5]
  Polygon "P" [-2 0 -1  0 0 -1  0 0 1  -2 0 1]
AttributeEnd
AttributeBegin
  Translate 1.3 0.3 0
  Sphere 0.25 -0.25 0.25 360
AttributeEnd
Polygon "P" [0 0 -1  2 0 -1  2 0 1  0 0 1]
WorldEnd
)";

} // namespace

TEST_CASE("adaptive rounds start at max(16, sqrt(spp)) samples and double up to spp",
          "[render][adaptive]") {
    const auto rounds = [](int spp, const PixelNoise& noise, double neighbourhood) {
        const AdaptiveRounds r(spp, 0.01f);
        std::vector<int> ends{r.first()};
        for (int next = r.next(ends.back(), noise, neighbourhood); next != ends.back();
             next = r.next(ends.back(), noise, neighbourhood))
            ends.push_back(next);
        return ends;
    };
    PixelNoise noisy;
    for (const float y : {0.0f, 3.0f})
        noisy.add({y, y, y});
    CHECK(rounds(64, noisy, 0) == std::vector<int>{16, 32, 64});
    CHECK(rounds(1000, noisy, 0) == std::vector<int>{32, 64, 128, 256, 512, 1000});
    CHECK(rounds(4, noisy, 0) == std::vector<int>{4});
    PixelNoise flat;
    for (int i = 0; i < 16; ++i)
        flat.add({0.5f, 0.5f, 0.5f});
    CHECK(rounds(64, flat, 0) == std::vector<int>{16}); // converged after the first round
    // Its neighbourhood's first rounds say otherwise: relative variance 0.01 gives the error
    // sqrt(0.01 / n), below 0.01 from n = 100 on.
    CHECK(rounds(256, flat, 0.01) == std::vector<int>{16, 32, 64, 128});
    // Threshold 0: every sample at once.
    CHECK(AdaptiveRounds(64, 0).first() == 64);
    CHECK(AdaptiveRounds(64, 0).next(64, noisy, 0) == 64);
}

TEST_CASE("a pixel's neighbourhood noise is the mean of its first-round neighbours' on the film",
          "[render][adaptive]") {
    // Pixels (10..12, 20..21); relative variances 0 .. 5 row by row.
    FirstRoundNoise block(10, 20, 3, 2);
    for (int i = 0; i < 6; ++i) {
        // Brightness 0 and 2i: mean i, sample variance 2 i^2, relative variance 2i.
        PixelNoise noise;
        noise.add({});
        const float y = 2.0f * static_cast<float>(i);
        noise.add({y, y, y});
        block.set(10 + i % 3, 20 + i / 3, noise);
    }
    // Relative variances: row 20: 0 2 4, row 21: 6 8 10 (a black pixel's is 0).
    CHECK(block.neighbourhood(11, 20) == Approx(30.0 / 6)); // all six
    CHECK(block.neighbourhood(10, 21) == Approx(16.0 / 4)); // the corner: 0 2 6 8
    CHECK(block.neighbourhood(12, 20) == Approx(24.0 / 4)); // 2 4 8 10
}

TEST_CASE("a pixel's error is the standard error of its mean over the mean's square root",
          "[render][adaptive]") {
    // Brightness 0 and 3 (means of the channels): mean 1.5, sample variance 4.5, standard error
    // sqrt(4.5 / 2) = 1.5, so the error is 1.5 / sqrt(1.5).
    PixelNoise noise;
    noise.add({0, 0, 0});
    noise.add({1, 2, 6});
    CHECK(noise.error() == Approx(std::sqrt(1.5)));
    noise.add({1, 1, 1}); // mean 4/3, variance 7/3: sqrt(7/9) / sqrt(4/3)
    CHECK(noise.error() == Approx(std::sqrt(7.0 / 9.0) / std::sqrt(4.0 / 3.0)));
    PixelNoise one;
    one.add({1, 1, 1});
    CHECK(std::isinf(one.error()));
    PixelNoise black;
    black.add({});
    black.add({});
    CHECK(black.error() == 0);
    // The relative variance: brightness 0 and 3 have sample variance 4.5 around the mean 1.5.
    PixelNoise two;
    two.add({});
    two.add({3, 3, 3});
    CHECK(two.relativeVariance() == Approx(3.0));
}

TEST_CASE("adaptive sampling gives the noisy half of an image more samples than the flat half",
          "[render][adaptive]") {
    const auto loaded = testing::loadScene(kHalfAndHalf);
    RenderSettings settings;
    settings.samplesPerPixel = 64;
    settings.noiseThreshold = 0.005f;
    const RenderResult r = render(*loaded.scene, settings);
    double flat = 0, noisy = 0;
    int besideNoisy = 0; // pixels of the flat half's last column that went on
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            flat += samplesAt(r, x, y);
            noisy += samplesAt(r, x + 16, y);
            // Every sample alike: done after the first round, except where the pixel's
            // neighbourhood reaches into the noisy half and its first rounds say it is noisy.
            if (x < 15)
                CHECK(samplesAt(r, x, y) == 16);
            else
                besideNoisy += samplesAt(r, x, y) > 16;
        }
    CHECK(besideNoisy > 0);
    INFO("mean samples: flat " << flat / 256 << ", noisy " << noisy / 256);
    CHECK(noisy / 256 > 32);
    CHECK(r.statistics.noiseThreshold == 0.005f);
    CHECK(r.statistics.samplesPerPixel == 64);
    // Without a threshold every pixel takes every sample.
    settings.noiseThreshold = 0;
    const RenderResult full = render(*loaded.scene, settings);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 32; ++x)
            CHECK(samplesAt(full, x, y) == 64);
}

TEST_CASE("a pixel next to a noisier one keeps the filter's weights under adaptive sampling",
          "[render][adaptive]") {
    // With a filter three pixels wide, the column left of the halves' border mixes the constant
    // half (16 samples a pixel) with the noisy half (up to 64). Were each sample weighted alike,
    // the noisy neighbours' many samples would pull the column towards their value; weighted per
    // pixel, the column has the fixed render's expected value. The difference of the two renders
    // there is the noisy half's noise, whose spread over the 96 rows bounds it (5 standard errors).
    std::string scene = kHalfAndHalf;
    scene.replace(scene.find("PixelFilter \"box\" 0.5 0.5"), 25, "PixelFilter \"box\" 1.5 1.5");
    // A bright constant half, so that a pull towards the noisy half shows, and the light and
    // its occluder by the border, so that the noisy half is noisiest there.
    scene.replace(scene.find("Color [0.5 0.5 0.5]"), 20, "Color [4 4 4]");
    scene.replace(scene.find("Translate 1 1 0"), 15, "Translate 0.3 1 0");
    scene.replace(scene.find("Translate 1.3 0.3 0"), 19, "Translate 0.4 0.3 0");
    scene.replace(scene.find("Format 32 16 1"), 14, "Format 32 96 1"); // rows: power
    const auto loaded = testing::loadScene(scene);
    RenderSettings settings;
    settings.samplesPerPixel = 64;
    settings.noiseThreshold = 0.005f;
    const Image adaptive = render(*loaded.scene, settings).image;
    settings.noiseThreshold.reset();
    const Image fixed = render(*loaded.scene, settings).image;
    const testing::Difference column = testing::difference(fixed, adaptive, 15, 0, 16, 96, 1);
    INFO("column 15: mean difference " << column.mean << ", standard error " << column.error);
    CHECK(std::fabs(column.mean) <= 5 * column.error + 1e-4);
}

TEST_CASE("an adaptive render has the same bits for any thread count, tile size, crop and "
          "resumed checkpoint",
          "[render][adaptive][determinism]") {
    const testing::LoadedScene loaded = testing::loadScene(
        testing::bundledScene("cornell.lrt", {{"Format 512 512 1", "Format 40 32 1"}}),
        LRT_SOURCE_DIR "/scenes");
    RenderSettings one;
    one.threads = 1;
    one.samplesPerPixel = 32;
    one.noiseThreshold = 0.1f;
    one.integrator = "path";
    const RenderResult reference = testing::checkDeterministic(*loaded.scene, one);
    // Some pixels stopped early and some did not: the rounds are really in play.
    float fewest = 1e9f, most = 0;
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 40; ++x) {
            fewest = std::min(fewest, samplesAt(reference, x, y));
            most = std::max(most, samplesAt(reference, x, y));
        }
    CHECK(fewest == 16);
    CHECK(most == 32);

    // Interrupted after three tiles, then resumed from what was finished.
    RenderSettings tiled = one;
    tiled.tileSize = 8;
    std::atomic<bool> stop{false};
    int finished = 0;
    RenderControl interrupted;
    interrupted.interrupt = &stop;
    interrupted.tileFinished = [&](const PixelBounds&, std::span<const float>) {
        if (++finished == 3)
            stop = true;
    };
    const RenderResult partial = render(*loaded.scene, tiled, interrupted);
    REQUIRE(partial.interrupted);
    RenderControl resumed;
    resumed.resumeFrom = &partial;
    const RenderResult completed = render(*loaded.scene, tiled, resumed);
    CHECK(testing::sameBits(completed.image.pixels, reference.image.pixels));
    CHECK(testing::sameBits(completed.aovs.pixels, reference.aovs.pixels));
}
