// Direct light from a light sampler against direct light from every light: the same expected
// image for every sampler, light count and kind of light, for built-in, SL and Cg surfaces; and
// the same bits for any thread count, tile size or crop.
#include "../image_difference.h"
#include "../lightsamplers/many_lights_scenes.h"
#include "../render_test_support.h"
#include "tests/renderer/determinism.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>

using namespace lrt;

namespace {

constexpr int kBlock = 8; // pixels a side of the regions whose means are compared

using testing::Difference;
using testing::difference;

// A render of testing::manyLightsScene.
Image manyLightsImage(int count, const std::string& integrator, const std::string& surface,
                      int spp) {
    const auto loaded = testing::loadScene(testing::manyLightsScene(count, integrator, surface));
    RenderSettings settings;
    settings.samplesPerPixel = spp;
    return render(*loaded.scene, settings).image;
}

// Checks that two renders of one scene agree, over the whole image (where a small bias shows
// against a small standard error) and in every kBlock x kBlock region (where a bias confined to a
// part of the image shows), channel by channel. Both estimate the same image, so their difference
// D has mean 0 everywhere; pixels are independent (each has its own samples, as the box filter
// keeps them), so a region's mean of D has a standard error of its pixels' spread of D over
// sqrt(n). A region fails beyond 5 standard errors (one false alarm in about 1.7 million; the
// renders are seeded, so the outcome is fixed anyway). Rendered at the same spp with the same
// seed, the two share their camera rays, so D holds the lighting's noise only.
void checkSameExpectedImage(const Image& a, const Image& b, const std::string& reproduce) {
    int failures = 0;
    std::string report;
    const auto check = [&](const Difference& d, const std::string& where) {
        if (std::fabs(d.mean) <= 5 * d.error + 1e-6)
            return;
        ++failures;
        report += fmt::format("{}: mean difference {} against a standard error of {} (reference "
                              "mean {})\n",
                              where, d.mean, d.error, d.level);
    };
    double wholeLevel = 0;
    for (int c = 0; c < 3; ++c) {
        const Difference whole = difference(a, b, 0, 0, a.width, a.height, c);
        wholeLevel += whole.level;
        check(whole, fmt::format("the whole image, channel {}", c));
        for (int by = 0; by < a.height / kBlock; ++by)
            for (int bx = 0; bx < a.width / kBlock; ++bx)
                check(difference(a, b, bx * kBlock, by * kBlock, (bx + 1) * kBlock,
                                 (by + 1) * kBlock, c),
                      fmt::format("region ({}, {}), channel {}", bx, by, c));
    }
    INFO("reproduce: " << reproduce);
    INFO(report);
    CHECK(wholeLevel > 0.03); // the scene is lit: the comparison means something
    CHECK(failures == 0);
}

// Every light against each light sampler, for `count` lights under `integrator` (a
// SurfaceIntegrator statement without its lightsampler).
void checkSamplers(int count, const std::string& integrator, const std::string& surface, int spp,
                   std::initializer_list<const char*> samplers = {"bvh", "power", "uniform"}) {
    const Image all =
        manyLightsImage(count, integrator + " \"lightsampler\" \"all\"", surface, spp);
    for (const char* sampler : samplers) {
        const std::string sampled = fmt::format("{} \"lightsampler\" \"{}\"", integrator, sampler);
        checkSameExpectedImage(
            all, manyLightsImage(count, sampled, surface, spp),
            fmt::format("testing::manyLightsScene({}, ...) with {} at {} spp, \"all\" against "
                        "\"{}\", surface {}",
                        count, integrator, spp, sampler, surface));
    }
}

} // namespace

TEST_CASE("every light sampler converges to every light's image, for 1, 10 and 100 lights of "
          "every kind",
          "[lightsamplers][path]") {
    const std::string plastic = "Surface \"plastic\" \"roughness\" [0.2]";
    for (const int count : {1, 10, 100}) {
        INFO(count << " lights");
        // Light samples alone: a wrong probability shows undiluted.
        checkSamplers(count, "SurfaceIntegrator \"path\" \"maxdepth\" 1 \"strategy\" \"light\"",
                      plastic, 64);
        // Light samples and BSDF samples weighted by MIS with the sampler's probabilities.
        checkSamplers(count, "SurfaceIntegrator \"path\" \"maxdepth\" 1", plastic, 64);
    }
}

TEST_CASE("a light BVH path with bounces, and Whitted with a light sampler, converge to every "
          "light's image",
          "[lightsamplers][path][whitted]") {
    checkSamplers(30, "SurfaceIntegrator \"path\" \"maxdepth\" 3", "Surface \"matte\"", 32,
                  {"bvh"});
    checkSamplers(30, "SurfaceIntegrator \"whitted\"", "Surface \"matte\"", 64, {"bvh"});
}

TEST_CASE("SL and Cg surfaces under 100 lights render the same expected image with the light "
          "BVH as with every light",
          "[lightsamplers][sl][cg]") {
    // Lambert's program is linear in dE, so a light's dE divided by the probability of picking it
    // gives every light's sum in expectation.
    for (const char* surface : {"Surface \"Lambert\"", "Surface \"Lambert.cg\""})
        checkSamplers(100, "SurfaceIntegrator \"path\" \"maxdepth\" 1", surface, 64, {"bvh"});
}

TEST_CASE("a light BVH render has the same bits for any thread count, tile size and crop",
          "[lightsamplers][determinism]") {
    const auto loaded = testing::loadScene(
        testing::manyLightsScene(100, "SurfaceIntegrator \"path\" \"maxdepth\" 3"));
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    testing::checkDeterministic(*loaded.scene, settings);
}
