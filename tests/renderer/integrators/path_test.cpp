// The path integrator: white furnaces (built-in and SL), agreement of SL Lambert with matte,
// determinism, and the consistency of each BSDF's sampling with its evaluation.
#include "../render_test_support.h"
#include "renderer/integrators/surface_interaction.h"
#include "renderer/materials/matte.h"
#include "renderer/materials/metal.h"
#include "renderer/materials/plastic.h"
#include "renderer/sampling/distribution_2d.h"
#include "renderer/sampling/low_discrepancy_sampler.h"
#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/warp.h"
#include "tests/renderer/chi_square.h"
#include "tests/renderer/determinism.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <numbers>
#include <random>
#include <sstream>

using namespace lrt;

namespace {

double meanOf(const Image& image, int channel = 0) {
    double sum = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            sum += image.at(x, y, channel);
    return sum / (image.width * image.height);
}

std::string furnace(const std::string& surface) {
    return testing::whiteFurnace(surface, 50);
}

} // namespace

TEST_CASE("white furnace: a sphere of albedo a in a uniform environment of 1 shows a", "[path]") {
    // A convex object sees only the environment, so one bounce gives exactly albedo * 1.
    for (const float albedo : {1.0f, 0.5f}) {
        INFO("albedo " << albedo);
        CHECK(meanOf(testing::renderText(furnace(fmt::format("\"matte\" \"Kd\" [{}]", albedo)))) ==
              Approx(albedo).epsilon(0.01));
        CHECK(
            meanOf(testing::renderText(furnace(fmt::format("\"Lambert\" \"Kd\" [{}]", albedo)))) ==
            Approx(albedo).epsilon(0.01));
    }
}

TEST_CASE("the SL Lambertian shader and matte converge to the same image", "[path]") {
    auto scene = [](const std::string& surface) {
        return fmt::format(R"(Format 24 24 1
PixelSamples 16 16
Projection "perspective" "fov" [40]
LookAt 0 1.5 -5  0 0.8 0  0 1 0
SurfaceIntegrator "path" "maxdepth" [4]
WorldBegin
LightSource "pointlight" "from" [-1 3 -1] "intensity" [10]
AttributeBegin
  AreaLightSource "arealight" "intensity" [4]
  Translate 1 3 0
  Rotate 90 1 0 0
  Disk 0 0.5 360
AttributeEnd
Surface {}
AttributeBegin Color [0.9 0.4 0.3] Translate 0 1 0 Sphere 1 -1 1 360 AttributeEnd
Polygon "P" [-5 0 -5  5 0 -5  5 0 5  -5 0 5]
Polygon "P" [-5 0 3  5 0 3  5 5 3  -5 5 3]
WorldEnd
)",
                           surface);
    };
    const Image matte = testing::renderText(scene("\"matte\" \"Kd\" [0.7]"));
    const Image sl = testing::renderText(scene("\"Lambert\" \"Kd\" [0.7]"));
    for (int c = 0; c < 3; ++c) {
        INFO("channel " << c);
        CHECK(meanOf(sl, c) == Approx(meanOf(matte, c)).epsilon(0.02));
    }
}

TEST_CASE("path-traced images do not depend on threads, tiles, crops or bands",
          "[path][determinism]") {
    const testing::LoadedScene loaded = testing::loadScene(furnace("\"plastic\""));
    testing::checkDeterministic(*loaded.scene, {});
    const testing::LoadedScene lowDiscrepancy =
        testing::loadScene(std::string(R"(Option "sampler" "string type" "lowdiscrepancy"
)") + furnace("\"plastic\""));
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    testing::checkDeterministic(*lowDiscrepancy.scene, settings);
}

TEST_CASE("each BSDF's samples agree with its evaluation", "[path][bsdf]") {
    // The albedo estimated from sampleBsdf's weights must equal the integral of
    // reflected(wi, 1) over the hemisphere (uniform quadrature), and the pdf must integrate to at
    // most 1 (mass below the horizon is lost).
    const Matte matte(0.8f, 1);
    const Plastic plastic(0.5f, 0.5f, 1, 0.1f, Color(1));
    const Metal metal(0.9f, 0, 0.2f);
    ShadingPoint point;
    point.normal = point.shadingNormal = {0, 0, 1};
    point.color = Color{0.9f, 0.7f, 0.5f};
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> uniform(0, 1);
    for (const Vec3 wo : {Vec3{0, 0, 1}, normalize(Vec3{0.6f, 0, 0.8f})}) {
        point.wo = wo;
        for (const Material* material :
             std::initializer_list<const Material*>{&matte, &plastic, &metal}) {
            const int n = 400000;
            double sampled = 0, integrated = 0, pdfMass = 0;
            for (int i = 0; i < n; ++i) {
                const auto s =
                    material->sampleBsdf(point, {uniform(rng), uniform(rng)}, uniform(rng));
                if (s)
                    sampled += s->weight.r;
                const Vec3 wi = uniformSphere({uniform(rng), uniform(rng)});
                integrated += material->reflected(point, wi, Color(1)).r * 4 * std::numbers::pi;
                pdfMass += material->bsdfPdf(point, wi) * 4 * std::numbers::pi;
            }
            INFO("wo (" << wo.x << ", " << wo.z << ")");
            CHECK(sampled / n == Approx(integrated / n).epsilon(0.02));
            CHECK(pdfMass / n <= 1.01);
        }
    }
}

namespace {

// Veach's test in small: a tiny bright light and a large dim one over a sharply glossy plane, seen
// in reflection. Light sampling suits the tiny one, BSDF sampling the large one.
std::string glossyScene(const char* strategy) {
    // The screen window keeps the lights themselves out of the picture.
    return fmt::format(R"(Format 24 16 1
Projection "perspective" "fov" [40]
ScreenWindow -1.5 1.5 -1 0
LookAt 0 1 -4  0 0 0  0 1 0
SurfaceIntegrator "path" "maxdepth" [2] "strategy" "{}"
WorldBegin
AttributeBegin
  AreaLightSource "arealight" "intensity" [400]
  Translate -0.8 1.2 2
  Rotate 90 1 0 0
  Disk 0 0.05 360
AttributeEnd
AttributeBegin
  AreaLightSource "arealight" "intensity" [2]
  Translate 0.8 1.2 2
  Rotate 90 1 0 0
  Disk 0 0.8 360
AttributeEnd
Surface "plastic" "Kd" [0.1] "Ks" [0.9] "roughness" [0.005]
Polygon "P" [-5 0 -5  5 0 -5  5 0 5  -5 0 5]
WorldEnd
)",
                       strategy);
}

struct Estimate {
    double mean;     // over the pixels of two independent renders
    double variance; // per-pixel variance of one render, from the two renders' differences
    double pixels;
};

Estimate estimate(const std::string& scene, const std::string& directory = ".", int spp = 64) {
    const testing::LoadedScene loaded = testing::loadScene(scene, directory);
    RenderSettings settings;
    settings.samplesPerPixel = spp;
    const Image a = render(*loaded.scene, settings).image;
    settings.seed = 99;
    const Image b = render(*loaded.scene, settings).image;
    double mean = 0, variance = 0;
    for (std::size_t i = 0; i < a.pixels.size(); i += 3) {
        mean += (a.pixels[i] + b.pixels[i]) / 2;
        variance += (a.pixels[i] - b.pixels[i]) * (a.pixels[i] - b.pixels[i]) / 2;
    }
    const double n = static_cast<double>(a.pixels.size() / 3);
    return {mean / n, variance / n, n};
}

// Whether two estimates' means agree within four standard errors of their difference.
bool agree(const Estimate& a, const Estimate& b) {
    return std::fabs(a.mean - b.mean) <= 4 * std::sqrt((a.variance + b.variance) / (2 * a.pixels));
}

} // namespace

TEST_CASE("light sampling, BSDF sampling and MIS agree, and MIS has the least noise",
          "[path][mis]") {
    const Estimate mis = estimate(glossyScene("mis")), light = estimate(glossyScene("light")),
                   bsdf = estimate(glossyScene("bsdf"));
    INFO("means " << mis.mean << " " << light.mean << " " << bsdf.mean << ", variances "
                  << mis.variance << " " << light.variance << " " << bsdf.variance);
    // The means agree within four standard errors of their difference.
    auto agree = [](const Estimate& a, const Estimate& b) {
        return std::fabs(a.mean - b.mean) <=
               4 * std::sqrt((a.variance + b.variance) / (2 * a.pixels));
    };
    CHECK(agree(light, mis));
    CHECK(agree(bsdf, mis));
    CHECK(mis.variance < light.variance);
    CHECK(mis.variance < bsdf.variance);
}

TEST_CASE("the error falls at least as fast as 1/sqrt(spp), for every sampler",
          "[path][convergence]") {
    for (const char* sampler : {"sobol", "stratified", "lowdiscrepancy"}) {
        INFO("sampler " << sampler);
        const std::string scene = testing::bundledScene(
            "cornell.lrt",
            {{"Format 512 512 1", "Format 16 16 1"},
             {"SurfaceIntegrator \"whitted\"",
              fmt::format("Option \"sampler\" \"string type\" \"{}\"\nSurfaceIntegrator \"path\"",
                          sampler)}});
        const testing::LoadedScene loaded = testing::loadScene(scene, LRT_SOURCE_DIR "/scenes");
        RenderSettings settings;
        settings.samplesPerPixel = 1024;
        settings.seed = 1;
        const Image reference = render(*loaded.scene, settings).image;
        std::vector<double> logSpp, logRmse;
        for (const int spp : {4, 16, 64}) {
            settings.samplesPerPixel = spp;
            settings.seed = 2;
            const Image image = render(*loaded.scene, settings).image;
            double squared = 0;
            for (std::size_t i = 0; i < image.pixels.size(); ++i)
                squared += (image.pixels[i] - reference.pixels[i]) *
                           (image.pixels[i] - reference.pixels[i]);
            logSpp.push_back(std::log(spp));
            logRmse.push_back(0.5 * std::log(squared / static_cast<double>(image.pixels.size())));
        }
        // Least-squares slope of log RMSE against log spp.
        const double mx = (logSpp[0] + logSpp[1] + logSpp[2]) / 3,
                     my = (logRmse[0] + logRmse[1] + logRmse[2]) / 3;
        double sxy = 0, sxx = 0;
        for (int i = 0; i < 3; ++i) {
            sxy += (logSpp[i] - mx) * (logRmse[i] - my);
            sxx += (logSpp[i] - mx) * (logSpp[i] - mx);
        }
        INFO("log-log slope " << sxy / sxx);
        CHECK(sxy / sxx <= -0.4);
    }
}

// Two renders that differ only in their seed differ by twice the variance of one: so their RMS
// difference measures the error without a reference. Nine bounces give each path 20 sample
// dimensions; were they not independent of each other (every purpose's sample i in the same
// stratum), the paths would explore only a slice of path space and this difference would stop
// falling.
TEST_CASE("the noise of deep paths keeps falling as 1/sqrt(spp) up to a thousand samples",
          "[path][convergence]") {
    // 16 times the samples: independent samples divide the noise by 4, stratified ones by more.
    // With every purpose's sample i in the same stratum it fell 3.7x (stratified) and 1.6x (R2).
    // Sobol's scrambled nets must do at least as well as independent numbers.
    const std::pair<const char*, double> samplers[] = {
        {"sobol", 4.0}, {"stratified", 5.0}, {"lowdiscrepancy", 2.4}};
    for (const auto& [sampler, minimumFall] : samplers) {
        INFO("sampler " << sampler);
        const std::string scene = testing::bundledScene(
            "cornell.lrt", {{"Format 512 512 1", "Format 10 10 1"},
                            {"SurfaceIntegrator \"whitted\" \"maxdepth\" [5]",
                             fmt::format("Option \"sampler\" \"string type\" \"{}\"\n"
                                         "SurfaceIntegrator \"path\" \"maxdepth\" [9]",
                                         sampler)}});
        const testing::LoadedScene loaded = testing::loadScene(scene, LRT_SOURCE_DIR "/scenes");
        const auto noise = [&](int spp) {
            RenderSettings settings;
            settings.samplesPerPixel = spp;
            settings.seed = 1;
            const Image a = render(*loaded.scene, settings).image;
            settings.seed = 2;
            const Image b = render(*loaded.scene, settings).image;
            double squared = 0;
            for (std::size_t i = 0; i < a.pixels.size(); ++i)
                squared += (a.pixels[i] - b.pixels[i]) * (a.pixels[i] - b.pixels[i]);
            return std::sqrt(squared / static_cast<double>(a.pixels.size()));
        };
        const double few = noise(64), many = noise(1024);
        INFO("RMS difference between seeds: " << few << " at 64 spp, " << many << " at 1024 spp");
        CHECK(few / many >= minimumFall);
    }
}

TEST_CASE("2-D distributions sample with the density they report", "[path][sampling]") {
    const std::vector<float> weights = {1, 0, 3, 2, 0, 0, 1, 5};
    const Distribution2D distribution(weights, 4, 2);
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> uniform(0, 1);
    double integral = 0;
    std::vector<int> histogram(8, 0);
    const int n = 200000;
    for (int i = 0; i < n; ++i) {
        float pdf = 0;
        const Vec2 p = distribution.sample({uniform(rng), uniform(rng)}, pdf);
        CHECK(pdf == Approx(distribution.pdf(p)).epsilon(1e-4));
        ++histogram[static_cast<std::size_t>(static_cast<int>(p.y * 2) * 4 +
                                             static_cast<int>(p.x * 4))];
        integral += distribution.pdf({uniform(rng), uniform(rng)}) / n;
    }
    CHECK(integral == Approx(1.0).epsilon(0.01));
    for (std::size_t cell = 0; cell < 8; ++cell)
        CHECK(histogram[cell] / double(n) == Approx(weights[cell] / 12.0).margin(0.005));
}

TEST_CASE("white furnace under an image environment light", "[path][environment]") {
    const testing::ScratchDirectory dir("lrt_environment_test_");
    // Radiance 2 in the map, halved by intensity: 1 in every direction.
    writeImage(dir / "sky.exr", Image(8, 4, 3, std::vector<float>(8 * 4 * 3, 2.0f)));
    const std::string scene = R"(Format 16 16 1
PixelSamples 8 8
Projection "perspective" "fov" [20]
SurfaceIntegrator "path" "maxdepth" [50]
WorldBegin
LightSource "infinite" "mapname" "sky.exr" "intensity" [0.5]
Surface "matte" "Kd" [1]
Translate 0 0 5
Sphere 1.5 -1.5 1.5 360
WorldEnd
)";
    const testing::LoadedScene loaded = testing::loadScene(scene, dir.string());
    CHECK(meanOf(render(*loaded.scene, {}).image) == Approx(1.0).epsilon(0.01));
}

TEST_CASE("an uneven environment map is importance-sampled without bias", "[path][environment]") {
    // A dim sky with one bright patch: light sampling (by luminance) and BSDF sampling must agree.
    const testing::ScratchDirectory dir("lrt_environment_patch_test_");
    Image sky(16, 8, 3, std::vector<float>(16 * 8 * 3, 0.2f));
    for (int c = 0; c < 3; ++c)
        sky.pixels[(2 * 16 + 5) * 3 + c] = 60.0f;
    writeImage(dir / "patch.exr", sky);
    auto scene = [](const char* strategy) {
        return fmt::format(R"(Format 16 16 1
PixelSamples 4 4
Projection "perspective" "fov" [20]
SurfaceIntegrator "path" "maxdepth" [1] "strategy" "{}"
WorldBegin
LightSource "infinite" "mapname" "patch.exr"
Surface "matte" "Kd" [0.8]
Translate 0 0 5
Sphere 1.5 -1.5 1.5 360
WorldEnd
)",
                           strategy);
    };
    // BSDF samples find the patch only now and then (at 64 spp, some renders never do, and two
    // such renders claim no variance at all): they get 16 times the samples.
    const Estimate light = estimate(scene("light"), dir.string()),
                   bsdf = estimate(scene("bsdf"), dir.string(), 1024),
                   mis = estimate(scene("mis"), dir.string());
    INFO("means " << mis.mean << " " << light.mean << " " << bsdf.mean);
    CHECK(agree(light, bsdf));
    CHECK(agree(mis, bsdf));
}

TEST_CASE("each BSDF samples directions with the density it reports (chi-square)", "[path][bsdf]") {
    // Directions binned by (cos theta, phi) about the normal; expected counts integrate bsdfPdf
    // over each bin. Bins expecting fewer than 5 are pooled. Critical value at p = 1e-4
    // (Wilson-Hilferty).
    const Matte matte(0.8f, 1);
    const Plastic plastic(0.5f, 0.5f, 1, 0.2f, Color(1));
    const Metal metal(0.9f, 0, 0.3f);
    ShadingPoint point;
    point.normal = point.shadingNormal = {0, 0, 1};
    point.color = Color{0.9f, 0.7f, 0.5f};
    constexpr int thetaBins = 10, phiBins = 20, samples = 200000, sub = 6;
    for (const Vec3 wo : {Vec3{0, 0, 1}, normalize(Vec3{0.7f, 0.1f, 0.5f})}) {
        point.wo = wo;
        for (const Material* material :
             std::initializer_list<const Material*>{&matte, &plastic, &metal}) {
            std::vector<double> observed(thetaBins * phiBins, 0), expected(thetaBins * phiBins, 0);
            std::mt19937 rng(17);
            std::uniform_real_distribution<float> uniform(0, 1);
            for (int i = 0; i < samples; ++i) {
                const auto s =
                    material->sampleBsdf(point, {uniform(rng), uniform(rng)}, uniform(rng));
                if (!s || s->wi.z <= 0)
                    continue;
                float phi = std::atan2(s->wi.y, s->wi.x);
                if (phi < 0)
                    phi += 2 * std::numbers::pi_v<float>;
                const int t = std::min(thetaBins - 1, static_cast<int>(s->wi.z * thetaBins));
                const int p = std::min(
                    phiBins - 1, static_cast<int>(phi / (2 * std::numbers::pi_v<float>)*phiBins));
                ++observed[static_cast<std::size_t>(t * phiBins + p)];
            }
            // Midpoint quadrature of the pdf over each bin (solid angle = d(cos theta) d(phi)).
            for (int t = 0; t < thetaBins; ++t)
                for (int p = 0; p < phiBins; ++p)
                    for (int i = 0; i < sub; ++i)
                        for (int j = 0; j < sub; ++j) {
                            const float z = (t + (i + 0.5f) / sub) / thetaBins;
                            const float phi =
                                (p + (j + 0.5f) / sub) / phiBins * 2 * std::numbers::pi_v<float>;
                            const float r = std::sqrt(std::max(0.0f, 1 - z * z));
                            const Vec3 wi{r * std::cos(phi), r * std::sin(phi), z};
                            const double area =
                                (1.0 / thetaBins) * (2 * std::numbers::pi / phiBins) / (sub * sub);
                            expected[static_cast<std::size_t>(t * phiBins + p)] +=
                                material->bsdfPdf(point, wi) * area * samples;
                        }
            const testing::ChiSquare test = testing::chiSquare(observed, expected);
            const double critical = test.critical(3.719);
            INFO("wo (" << wo.x << ", " << wo.z << "): chi2 " << test.statistic << " with "
                        << test.degreesOfFreedom << " degrees of freedom, critical " << critical);
            CHECK(test.statistic < critical);
        }
    }
}

TEST_CASE("the low-discrepancy sequence integrates smooth functions better than chance",
          "[path][sampling]") {
    const LowDiscrepancySampler strata({256, 1});
    // Over the dimensions of a path's first bounces, each with its own rotation.
    const SampleDimension dimensions[] = {
        SampleDimension::film(),      SampleDimension::lens(),         SampleDimension::light(0, 0),
        SampleDimension::light(0, 1), SampleDimension::lightChoice(0), SampleDimension::bsdf(0),
        SampleDimension::light(1, 0), SampleDimension::bsdf(1)};
    double squaredErrors = 0;
    for (const SampleDimension dimension : dimensions) {
        double sum = 0;
        for (int i = 0; i < 256; ++i) {
            const Vec2 p = strata.sample({i, 1234}, {0.5f, 0.5f}, dimension);
            REQUIRE(p.x >= 0);
            REQUIRE(p.x < 1);
            sum += p.x * p.y;
        }
        squaredErrors += (sum / 256 - 0.25) * (sum / 256 - 0.25);
    }
    // Random points would miss 1/4 by about 0.013 (one standard deviation); R2 does over four
    // times better (0.0025 here).
    const double rms = std::sqrt(squaredErrors / std::size(dimensions));
    INFO("RMS error " << rms);
    CHECK(rms < 0.013 / 4);
}
