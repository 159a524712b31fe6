// The path integrator: white furnaces (built-in and SL), agreement of SL Lambert with matte,
// determinism, and the consistency of each BSDF's sampling with its evaluation.
#include "../render_test_support.h"
#include "renderer/integrators/surface_interaction.h"
#include "renderer/materials/matte.h"
#include "renderer/materials/metal.h"
#include "renderer/materials/plastic.h"
#include "renderer/sampling/warp.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <fmt/format.h>
#include <numbers>
#include <random>

using namespace lrt;

namespace {

double meanOf(const Image& image, int channel = 0) {
    double sum = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            sum += image.at(x, y, channel);
    return sum / (image.width * image.height);
}

// A sphere filling the view, inside a uniform environment of radiance 1.
std::string furnace(const std::string& surface) {
    return fmt::format(R"(Format 16 16 1
PixelSamples 8 8
Projection "perspective" "fov" [20]
SurfaceIntegrator "path" "maxdepth" [50]
WorldBegin
LightSource "infinite" "intensity" [1]
Surface {}
Translate 0 0 5
Sphere 1.5 -1.5 1.5 360
WorldEnd
)",
                       surface);
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

TEST_CASE("path-traced images do not depend on the thread count", "[path][determinism]") {
    const testing::LoadedScene loaded = testing::loadScene(furnace("\"plastic\""));
    RenderSettings one, many;
    one.threads = 1;
    many.threads = 4;
    many.tileSize = 5;
    const Image a = render(*loaded.scene, one).image, b = render(*loaded.scene, many).image;
    REQUIRE(a.pixels.size() == b.pixels.size());
    CHECK(std::memcmp(a.pixels.data(), b.pixels.data(), a.pixels.size() * sizeof(float)) == 0);
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
