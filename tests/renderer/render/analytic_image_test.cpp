// Images whose every pixel has a closed form: a matte plane under distant and point lights, a
// mirror and a glass slab. Expected values are computed here from the radiometry of
// docs/scene-format.md.
#include "../render_test_support.h"
#include "renderer/materials/fresnel.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>
#include <numbers>

using namespace lrt;
using lrt::testing::pixel;
using lrt::testing::renderText;

namespace {

// One sample per pixel at the pixel's centre, box filter: pixel = radiance through its centre.
const char* kCentreSampling = R"(PixelSamples 1 1
Option "sampler" "integer jitter" [0]
PixelFilter "box" 1 1
)";

void checkRelative(Color actual, Color expected, float tolerance, const std::string& where) {
    INFO(where << ": actual (" << actual.r << ", " << actual.g << ", " << actual.b << ") expected ("
               << expected.r << ", " << expected.g << ", " << expected.b << ")");
    CHECK(std::fabs(actual.r - expected.r) <= tolerance * std::fabs(expected.r));
    CHECK(std::fabs(actual.g - expected.g) <= tolerance * std::fabs(expected.g));
    CHECK(std::fabs(actual.b - expected.b) <= tolerance * std::fabs(expected.b));
}

} // namespace

TEST_CASE("matte under a distant light is Kd Color E cos(theta) / pi everywhere",
          "[render][analytic]") {
    for (const float tiltDegrees : {0.0f, 60.0f}) {
        const float tilt = tiltDegrees * std::numbers::pi_v<float> / 180;
        const std::string scene = fmt::format(R"(Format 32 24 1
{}Projection "perspective" "fov" [50]
WorldBegin
LightSource "distantlight" "from" [{} 0 0] "to" [0 0 {}] "intensity" [3]
Surface "matte" "Kd" [0.5]
Color [0.8 0.6 0.4]
Polygon "P" [-50 -50 5  50 -50 5  50 50 5  -50 50 5]
WorldEnd
)",
                                              kCentreSampling, -std::sin(tilt), std::cos(tilt));
        const Image image = renderText(scene);
        const Color expected =
            Color{0.8f, 0.6f, 0.4f} * (0.5f * 3 * std::cos(tilt) / std::numbers::pi_v<float>);
        for (int y = 0; y < image.height; y += 5)
            for (int x = 0; x < image.width; x += 5)
                checkRelative(pixel(image, x, y), expected, 1e-4f,
                              fmt::format("tilt {} pixel ({}, {})", tiltDegrees, x, y));
    }
}

TEST_CASE("matte under a point light falls off as cos^3 across the image (fov convention)",
          "[render][analytic]") {
    // Light at the eye, plane at distance d facing it: E = I cos^3(theta) / d^2 at the pixel
    // whose ray makes angle theta with the axis; fov is the full angle across the shorter axis.
    const int width = 41, height = 31;
    const float fov = 60, d = 2, intensity = 10, kd = 0.7f;
    const std::string scene =
        fmt::format(R"(Format {} {} 1
{}Projection "perspective" "fov" [{}]
WorldBegin
LightSource "pointlight" "from" [0 0 0] "intensity" [{}]
Surface "matte" "Kd" [{}]
Polygon "P" [-50 -50 {}  50 -50 {}  50 50 {}  -50 50 {}]
WorldEnd
)",
                    width, height, kCentreSampling, fov, intensity, kd, d, d, d, d);
    const Image image = renderText(scene);
    const float aspect = static_cast<float>(width) / height,
                tanHalf = std::tan(fov / 2 * std::numbers::pi_v<float> / 180);
    for (const auto& [x, y] : {std::pair{20, 15}, {0, 0}, {40, 30}, {0, 30}, {33, 4}, {7, 22}}) {
        const float sx = -aspect + 2 * aspect * (x + 0.5f) / width,
                    sy = 1 - 2 * (y + 0.5f) / height;
        const float cosTheta =
            1 / std::sqrt(1 + (sx * tanHalf) * (sx * tanHalf) + (sy * tanHalf) * (sy * tanHalf));
        const float L =
            kd / std::numbers::pi_v<float> * intensity * cosTheta * cosTheta * cosTheta / (d * d);
        checkRelative(pixel(image, x, y), Color(L), 1e-4f, fmt::format("pixel ({}, {})", x, y));
    }
}

TEST_CASE("a mirror shows Kr times what it reflects", "[render][analytic]") {
    // The camera looks down +z at a mirror tilted 45 degrees about x, which shows the constant
    // surface above it.
    const Image image = renderText(std::string(kCentreSampling) + R"(Format 16 16 1
Projection "perspective" "fov" [20]
WorldBegin
AttributeBegin
  Surface "mirror" "Kr" [0.9]
  Translate 0 0 5
  Rotate 45 1 0 0
  Polygon "P" [-3 -3 0  3 -3 0  3 3 0  -3 3 0]
AttributeEnd
AttributeBegin
  Surface "constant"
  Color [0.2 0.4 0.6]
  Polygon "P" [-50 20 -50  50 20 -50  50 20 50  -50 20 50]
AttributeEnd
WorldEnd
)");
    for (const auto& [x, y] : {std::pair{8, 8}, {2, 3}, {13, 12}})
        checkRelative(pixel(image, x, y), Color{0.18f, 0.36f, 0.54f}, 1e-5f,
                      fmt::format("pixel ({}, {})", x, y));
}

TEST_CASE("Fresnel reflectance of a dielectric", "[render][analytic]") {
    CHECK(fresnelDielectric(1.0f, 1.0f, 1.5f) == Approx(0.04f).epsilon(1e-5));
    CHECK(fresnelDielectric(1.0f, 1.5f, 1.0f) == Approx(0.04f).epsilon(1e-5));
    // Beyond the critical angle asin(1/1.5) = 41.8 degrees inside glass: total internal reflection.
    CHECK(fresnelDielectric(std::cos(60 * std::numbers::pi_v<float> / 180), 1.5f, 1.0f) == 1.0f);
    // Grazing incidence reflects everything.
    CHECK(fresnelDielectric(0.0f, 1.0f, 1.5f) == Approx(1.0f));
}

TEST_CASE("a glass slab seen head-on passes (1-F)^2 of the background and reflects F",
          "[render][analytic]") {
    // maxdepth 3 (pbrt's meaning: a hit at depth d spawns rays only while d + 1 < maxdepth): the
    // front face (depth 0) reflects F towards the empty world and refracts 1 - F, scaled by
    // (1/1.5)^2; the back face (depth 1) refracts 1 - F out, scaled by 1.5^2, to the background.
    // Its internal reflection reaches the front face again at depth 2, which spawns nothing.
    const Image image = renderText(std::string(kCentreSampling) + R"(Format 8 8 1
Projection "perspective" "fov" [10]
SurfaceIntegrator "whitted" "maxdepth" [3]
Imager "background" "bgcolor" [1 0.5 0.25]
WorldBegin
Surface "glass" "eta" [1.5]
AttributeBegin
  ReverseOrientation   # the front face's normal points back at the camera
  Polygon "P" [-5 -5 3  5 -5 3  5 5 3  -5 5 3]
AttributeEnd
Polygon "P" [-5 -5 4  5 -5 4  5 5 4  -5 5 4]
WorldEnd
)");
    const float F = 0.04f;
    const Color expected = Color{1, 0.5f, 0.25f} * (F + (1 - F) * (1 - F));
    checkRelative(pixel(image, 4, 4), expected, 2e-4f, "centre pixel");
}
