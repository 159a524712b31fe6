// A T-Language shader in a scene: shaders/Lambert.t renders the image of its SL and Cg twins
// (within 1e-4 per pixel), found by Surface "Lambert.t" on the shader search path.
#include "../render_test_support.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>

using namespace lrt;

TEST_CASE("Lambert.t renders as Lambert.sl and Lambert.cg do", "[materials][tl]") {
    const auto render = [](const std::string& surface) {
        return testing::renderText(fmt::format(R"(Format 48 32 1
PixelSamples 2 2
Projection "perspective" "fov" 40
Translate 0 0 6
WorldBegin
LightSource "pointlight" "from" [-3 4 -4] "intensity" 40
LightSource "distantlight" "from" [0 0 0] "to" [1 -1 1] "intensity" 0.5
Color [0.9 0.6 0.3]
Surface "{}" "Kd" [0.8]
Sphere 1.2 -1.2 1.2 360
Translate 1.5 0 1
Sphere 0.8 -0.8 0.8 360
WorldEnd
)",
                                               surface));
    };
    const Image sl = render("Lambert");
    for (const char* twin : {"Lambert.t", "Lambert.cg"}) {
        INFO(twin);
        const Image other = render(twin);
        REQUIRE(other.pixels.size() == sl.pixels.size());
        double lit = 0;
        for (std::size_t i = 0; i < sl.pixels.size(); ++i) {
            INFO("pixel value " << i);
            CHECK(std::fabs(other.pixels[i] - sl.pixels[i]) <=
                  1e-4f * (1 + std::fabs(sl.pixels[i])));
            lit += sl.pixels[i];
        }
        CHECK(lit > 1); // the comparison is of a lit picture
    }
}
