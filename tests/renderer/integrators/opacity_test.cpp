// Partial opacity in both integrators: what lies behind a translucent surface shows through, and
// the see-through ray is one more surface hit under maxdepth, so a stack of layers is bounded.
#include "tests/renderer/render_test_support.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>
#include <string>

using namespace lrt;

namespace {

// `layers` unlit white disks of opacity 0.5 at z = 1, 2, ..., filling the view of a one-pixel
// camera looking down +z, whose one sample goes through the pixel's centre.
std::string layerStack(int layers, const std::string& integrator, int maxDepth) {
    std::string scene = fmt::format("Format 1 1 1\nPixelSamples 1 1\nPixelFilter \"box\" 1 1\n"
                                    "Option \"sampler\" \"integer jitter\" [0]\n"
                                    "SurfaceIntegrator \"{}\" \"integer maxdepth\" [{}]\n"
                                    "WorldBegin\nSurface \"constant\"\nOpacity [0.5 0.5 0.5]\n",
                                    integrator, maxDepth);
    for (int i = 1; i <= layers; ++i)
        scene += fmt::format("AttributeBegin Translate 0 0 {} Disk 0 100 360 AttributeEnd\n", i);
    return scene + "WorldEnd\n";
}

// Each visible layer shows 0.5 of itself over what it lets through: k layers over black give
// sum_{i<k} 0.5 * 0.5^i = 1 - 0.5^k.
double throughLayers(int visible) {
    return 1.0 - std::pow(0.5, visible);
}

} // namespace

TEST_CASE("a stack of translucent layers is bounded by maxdepth in both integrators",
          "[integrators][opacity]") {
    struct Case {
        const char* integrator;
        int layers, maxDepth;
        int visible; // layers the camera ray reaches
    };
    // Whitted: a hit at depth d sees behind it while d + 1 < maxdepth, so maxdepth layers show.
    // Path: maxdepth counts bounces; vertex b continues while b < maxdepth, so maxdepth + 1 show.
    const Case cases[] = {
        {"whitted", 50, 1, 1},   {"whitted", 50, 5, 5}, {"whitted", 50, 20, 20},
        {"whitted", 3, 10, 3},   {"path", 50, 1, 2},    {"path", 50, 5, 6},
        {"path", 50, 20, 21},    {"path", 3, 10, 3},    {"whitted", 300, 200, 200},
        {"path", 300, 200, 201},
    };
    for (const Case& c : cases) {
        const std::string scene = layerStack(c.layers, c.integrator, c.maxDepth);
        INFO(c.integrator << ", " << c.layers << " layers, maxdepth " << c.maxDepth << "\nscene:\n"
                          << scene.substr(0, 400));
        const Image image = testing::renderText(scene);
        const double expected = throughLayers(c.visible);
        for (int channel = 0; channel < 3; ++channel)
            CHECK(image.at(0, 0, channel) == Approx(expected).epsilon(1e-6));
    }
}
