// Quadric silhouettes cover exactly their projected area: an orthographic view of white
// constant surfaces sums, over the image, to the area of each shape's outline.
#include "../render_test_support.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>
#include <numbers>

using namespace lrt;

namespace {

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

const double kPi = std::numbers::pi;

} // namespace

TEST_CASE("quadric silhouettes cover their exact projected area", "[render][silhouette]") {
    struct Case {
        const char* shape;
        double area;
    };
    const Case cases[] = {
        {"Sphere 1.5 -1.5 1.5 360", kPi * 2.25},
        {"Sphere 1.5 -1.5 1.5 180", kPi * 2.25 / 2},
        {"Disk 0 1.5 360", kPi * 2.25},
        {"Disk 0 1.5 90", kPi * 2.25 / 4},
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
