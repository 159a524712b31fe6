// Light radiometry against closed forms: a disk area light over a matte plane, spotlight falloff,
// one-sided emission and one-sided surfaces.
#include "../render_test_support.h"
#include "renderer/lights/spot_light.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>
#include <numbers>

using namespace lrt;

TEST_CASE("a disk area light lights a matte plane as the closed form says", "[render][lights]") {
    // On the axis of a disk of radius R and radiance L at height h, the irradiance is
    // E = pi L R^2 / (h^2 + R^2); matte reflects Kd E / pi. A narrow orthographic camera looks
    // obliquely at the plane point under the disk's centre.
    const float R = 1, h = 2, L = 5, kd = 0.5f;
    const Image image = testing::renderText(fmt::format(R"(Format 3 3 1
PixelSamples 16 16
PixelFilter "box" 1 1
Projection "orthographic"
ScreenWindow -0.01 0.01 -0.01 0.01
LookAt 0 5 -5  0 0 0  0 1 0
WorldBegin
AttributeBegin
  AreaLightSource "arealight" "intensity" [{}]
  Sides 1
  Translate 0 {} 0
  Rotate 90 1 0 0   # the disk's +z normal turned to face -y, down at the plane
  Disk 0 {} 360
AttributeEnd
Surface "matte" "Kd" [{}]
Polygon "P" [-10 0 -10  10 0 -10  10 0 10  -10 0 10]
WorldEnd
)",
                                                        L, h, R, kd));
    const float expected = kd * L * R * R / (h * h + R * R);
    CHECK(image.at(1, 1, 0) == Approx(expected).epsilon(0.01));
}

TEST_CASE("one-sided area lights emit from their front only", "[render][lights]") {
    const std::string scene = R"(Format 4 4 1
PixelSamples 1 1
Projection "perspective" "fov" [10]
WorldBegin
AreaLightSource "arealight" "intensity" [2]
Sides 1
Polygon "P" [-5 -5 3  5 -5 3  5 5 3  -5 5 3]
WorldEnd
)";
    // The polygon's normal is +z, away from the camera: seen from its back, it is not even there.
    CHECK(testing::renderText(scene).at(2, 2, 0) == 0.0f);
    std::string twoSided = scene;
    twoSided.replace(twoSided.find("Sides 1"), 7, "Sides 2");
    CHECK(testing::renderText(twoSided).at(2, 2, 0) == Approx(2.0f));
}

TEST_CASE("one-sided surfaces let rays through their back", "[render][lights]") {
    const std::string scene = R"(Format 4 4 1
PixelSamples 1 1
Projection "perspective" "fov" [10]
Imager "background" "bgcolor" [0.25 0.25 0.25]
WorldBegin
Surface "constant"
Sides 1
Polygon "P" [-5 -5 3  5 -5 3  5 5 3  -5 5 3]
WorldEnd
)";
    CHECK(testing::renderText(scene).at(2, 2, 0) == 0.25f);
    std::string reversed = scene;
    reversed.replace(reversed.find("Sides 1"), 7, "Sides 1 ReverseOrientation");
    CHECK(testing::renderText(reversed).at(2, 2, 0) == 1.0f);
}

TEST_CASE("spotlight: full inside the cone, smooth over the delta, none outside", "[lights]") {
    const SpotLight spot({0, 0, 0}, {0, 0, 1}, Color(4), 30, 10, 0);
    auto intensityAt = [&](float degrees) {
        const float a = degrees * std::numbers::pi_v<float> / 180;
        const Vec3 p{std::sin(a), 0, std::cos(a)}; // unit distance
        const auto s = spot.sample(p, {});
        return s ? s->E.r : 0.0f;
    };
    CHECK(intensityAt(0) == Approx(4));
    CHECK(intensityAt(19) == Approx(4));
    CHECK(intensityAt(25) > 0.5f);
    CHECK(intensityAt(25) < 3.5f);
    CHECK(intensityAt(31) == 0.0f);
    const SpotLight beam({0, 0, 0}, {0, 0, 1}, Color(4), 60, 0, 2);
    const float a = 30 * std::numbers::pi_v<float> / 180;
    CHECK(beam.sample({std::sin(a), 0, std::cos(a)}, {})->E.r ==
          Approx(4 * std::cos(a) * std::cos(a)));
}

TEST_CASE("depth of field: the focal plane stays sharp, nearer things blur", "[render][camera]") {
    // A thin lens focused at 5: a ray through the centre of pixel p meets the focal plane at the
    // same point whatever the lens sample.
    const testing::LoadedScene loaded = testing::loadScene(R"(Format 9 9 1
Projection "perspective" "fov" [30]
DepthOfField 2 0.5 5
WorldBegin
WorldEnd
)");
    const Camera& camera = loaded.scene->camera();
    auto onPlane = [](const Ray& r, float z) {
        return r.origin + r.direction * ((z - r.origin.z) / r.direction.z);
    };
    const Vec3 a = onPlane(camera.generateRay({2.5f, 6.5f}, {0.1f, 0.2f}), 5);
    const Vec3 b = onPlane(camera.generateRay({2.5f, 6.5f}, {0.9f, 0.7f}), 5);
    CHECK(length(a - b) < 1e-4f);
    const Vec3 c = onPlane(camera.generateRay({2.5f, 6.5f}, {0.1f, 0.2f}), 2);
    const Vec3 d = onPlane(camera.generateRay({2.5f, 6.5f}, {0.9f, 0.7f}), 2);
    CHECK(length(c - d) > 0.01f);
}

TEST_CASE("a sphere area light is sampled by the cone it subtends", "[render][lights]") {
    // Under a sphere of radiance L and radius R whose centre is d above the point, the irradiance
    // is pi L R^2 / d^2, so matte reflects Kd L R^2 / d^2. Cone sampling gets it with few samples.
    const float R = 0.5f, d = 2, L = 4, kd = 0.5f;
    const Image image = testing::renderText(fmt::format(R"(Format 1 1 1
PixelSamples 4 4
PixelFilter "box" 1 1
Projection "orthographic"
ScreenWindow -0.001 0.001 -0.001 0.001
LookAt 0 5 -5  0 0 0  0 1 0
WorldBegin
AttributeBegin
  AreaLightSource "arealight" "intensity" [{}]
  Translate 0 {} 0
  Sphere {} {} {} 360
AttributeEnd
Surface "matte" "Kd" [{}]
Polygon "P" [-10 0 -10  10 0 -10  10 0 10  -10 0 10]
WorldEnd
)",
                                                        L, d, R, -R, R, kd));
    CHECK(image.at(0, 0, 0) == Approx(kd * L * R * R / (d * d)).epsilon(0.01));
}
