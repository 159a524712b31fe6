// Quadric silhouettes cover exactly their projected area: an orthographic view of white
// constant surfaces sums, over the image, to the area of each shape's outline, and so does the
// coverage alpha of any surface.
#include "../render_test_support.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>
#include <numbers>

using namespace lrt;

namespace {

// The scene's text: `shape` under an orthographic camera that sees the square [-2, 2]^2.
std::string orthographicView(const std::string& surface, const std::string& shape) {
    return fmt::format(R"(Format 160 160 1
PixelSamples 6 6
PixelFilter "box" 1 1
Projection "orthographic"
ScreenWindow -2 2 -2 2
WorldBegin
LightSource "distantlight" "from" [0 0 0] "to" [0.3 0.2 1]
Surface "{}"
Translate 0 0 5
{}
WorldEnd
)",
                       surface, shape);
}

double coveredArea(const std::string& shape) {
    const int resolution = 160;
    const Image image = testing::renderText(fmt::format(R"(Format {} {} 1
PixelSamples 6 6
PixelFilter "box" 1 1
Projection "orthographic"
ScreenWindow -2 2 -2 2
WorldBegin
Surface "constant"
Translate 0 0 5
{}
WorldEnd
)",
                                                        resolution, resolution, shape));
    double sum = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            sum += image.at(x, y, 0);
    const double pixelArea = (4.0 / resolution) * (4.0 / resolution);
    return sum * pixelArea;
}

} // namespace

TEST_CASE("coverage alpha sums to the projected area, fractional on the outline",
          "[render][silhouette][alpha]") {
    // A lit plastic sphere of radius 1.5: its colour varies, its coverage does not.
    const testing::LoadedScene loaded =
        testing::loadScene(orthographicView("plastic", "Sphere 1.5 -1.5 1.5 360"));
    const RenderResult result = render(*loaded.scene, RenderSettings{});
    const Image& aovs = result.aovs;
    REQUIRE(aovs.channelNames.at(0) == "A");
    double sum = 0;
    int fractional = 0;
    for (int p = 0; p < aovs.width * aovs.height; ++p) {
        const float alpha = aovs.pixels[static_cast<std::size_t>(p) * aovs.channels];
        REQUIRE(alpha >= 0.0f);
        REQUIRE(alpha <= 1.0f);
        sum += alpha;
        fractional += alpha > 0 && alpha < 1;
    }
    const double pixelArea = (4.0 / 160) * (4.0 / 160);
    CHECK(sum * pixelArea == Approx(std::numbers::pi * 2.25).epsilon(2e-3));
    // The outline crosses about 2 pi r / (pixel size) = 377 pixels.
    CHECK(fractional > 300);
    CHECK(fractional < 800);
    // Inside and outside the outline.
    CHECK(aovs.pixels[(80 * 160 + 80) * static_cast<std::size_t>(aovs.channels)] == 1.0f);
    CHECK(aovs.pixels[0] == 0.0f);
}

TEST_CASE("quadric silhouettes cover their exact projected area", "[render][silhouette]") {
    struct Case {
        const char* shape;
        double area;
    };
    const Case cases[] = {
        {"Sphere 1.5 -1.5 1.5 360", std::numbers::pi * 2.25},
        {"Sphere 1.5 -1.5 1.5 180", std::numbers::pi * 2.25 / 2},
        {"Disk 0 1.5 360", std::numbers::pi * 2.25},
        {"Disk 0 1.5 90", std::numbers::pi * 2.25 / 4},
        {"Rotate -90 1 0 0 Cylinder 1 -1.5 1.5 360", 6.0},
        {"Translate 0 -1.5 0 Rotate -90 1 0 0 Cone 3 1 360", 3.0},
        {"Translate 0 -1 0 Rotate -90 1 0 0 Paraboloid 1 0 2 360", 8.0 / 3.0},
        {"Rotate -90 1 0 0 Hyperboloid 1 -1 -1 1 1 1 360", 2 * (std::sqrt(2.0) + std::asinh(1.0))},
    };
    for (const Case& c : cases) {
        INFO("shape: " << c.shape);
        CHECK(coveredArea(c.shape) == Approx(c.area).epsilon(2e-3));
    }
}
