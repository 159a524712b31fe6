// Alpha cut-outs (pbrt-v4's alpha, glTF's alphaMode MASK): camera rays see through the holes,
// shadow rays pass them, a fractional alpha keeps that share of a surface, and glTF's cutoff is
// a threshold on the base colour's alpha.
#include "tests/renderer/determinism.h"
#include "tests/renderer/gltf_test_support.h"
#include "tests/renderer/pbrt/pbrt_render_test_support.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

using namespace lrt;

namespace {

// Looking along +z at a red quad (z = 0) before a blue one (z = 1, unless `backdrop` is false),
// both filling the view, under a uniform white sky; the red one's `alpha` parameter.
std::string quads(const std::string& alpha, bool backdrop = true) {
    return R"(LookAt 0 0 -4  0 0 0  0 1 0
Camera "orthographic" "float screenwindow" [-1 1 -1 1]
Film "rgb" "integer xresolution" 16 "integer yresolution" 16 "string filename" "test.exr"
Integrator "volpath" "integer maxdepth" 2
WorldBegin
LightSource "infinite" "rgb L" [1 1 1]
Texture "checks" "float" "checkerboard" "float uscale" 2 "float vscale" 2 "float tex1" 1 "float tex2" 0
AttributeBegin
  Material "diffuse" "rgb reflectance" [0.8 0 0]
  Shape "trianglemesh" "point3 P" [-2 -2 0  2 -2 0  2 2 0  -2 2 0] "integer indices" [0 1 2 0 2 3]
    "point2 uv" [0 0 1 0 1 1 0 1] )" +
           alpha + "\nAttributeEnd\n" +
           (backdrop ? R"(AttributeBegin
  Material "diffuse" "rgb reflectance" [0 0 0.8]
  Shape "trianglemesh" "point3 P" [-2 -2 1  2 -2 1  2 2 1  -2 2 1] "integer indices" [0 1 2 0 2 3]
AttributeEnd
)"
                     : "");
}

} // namespace

TEST_CASE("pbrt-v4's alpha cuts holes that camera rays see through", "[cutout][pbrt]") {
    const Image solid = testing::renderPbrtText(quads("")).image;
    const Image cut = testing::renderPbrtText(quads("\"texture alpha\" \"checks\"")).image;
    // The quad spans 4 units over uv's 1, two checks each way: squares of 1 unit, 4 pixels.
    int red = 0, blue = 0;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            INFO("pixel (" << x << ", " << y << ")");
            CHECK(solid.at(x, y, 0) > 0);
            CHECK(solid.at(x, y, 2) == 0);
            red += cut.at(x, y, 0) > 0 && cut.at(x, y, 2) == 0;
            blue += cut.at(x, y, 2) > 0 && cut.at(x, y, 0) == 0;
        }
    // Each colour on half the checks, pixels straddling an edge excepted.
    CHECK(red >= 64);
    CHECK(blue >= 64);
    // alpha 0 is a hole everywhere; 0.25 keeps a quarter of the hits.
    const Image hole = testing::renderPbrtText(quads("\"float alpha\" 0")).image;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            CHECK(hole.at(x, y, 0) == 0);
    // Without the backdrop the holes show the sky, of blue 1, and the quad has no blue: the
    // share of samples that hit the quad is 1 - the mean blue.
    const Image quarter = testing::renderPbrtText(quads("\"float alpha\" 0.25", false), 16).image;
    double blueSum = 0;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            blueSum += quarter.at(x, y, 2);
    CHECK(1 - blueSum / 256 == Approx(0.25).margin(0.03));
}

TEST_CASE("shadow rays pass through cut-away surfaces", "[cutout][pbrt]") {
    // A distant light straight down the view onto the blue quad, the red one between: solid, it
    // shadows the blue one completely; at alpha 0 not at all.
    const auto lit = [](const std::string& alpha) {
        std::string text = quads(alpha);
        text.replace(text.find("LightSource \"infinite\" \"rgb L\" [1 1 1]"),
                     std::string("LightSource \"infinite\" \"rgb L\" [1 1 1]").size(),
                     "LightSource \"distant\" \"point3 from\" [0 0 -10] \"point3 to\" [0 0 0] "
                     "\"rgb L\" [3 3 3]");
        return text;
    };
    // Seen through a hole of alpha 0 at the red quad: the blue one, lit as if the red were gone.
    const Image through = testing::renderPbrtText(lit("\"float alpha\" 0")).image;
    CHECK(through.at(8, 8, 2) == Approx(0.8 * 3 / 3.14159265).epsilon(0.01));
}

TEST_CASE("glTF's alphaMode MASK cuts away where the base colour's alpha is below the cutoff",
          "[cutout][gltf]") {
    const auto render = [](double baseAlpha) {
        testing::GltfWriter w;
        w.root({{"mesh", w.mesh({-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0}, {0, 1, 2, 0, 2, 3}, 0)}});
        w.json()["materials"] = {
            {{"name", "leaf"},
             {"alphaMode", "MASK"},
             {"alphaCutoff", 0.5},
             {"pbrMetallicRoughness",
              {{"baseColorFactor", {1, 0, 0, baseAlpha}}, {"metallicFactor", 0}}}}};
        const auto path = testing::scratchFile("mask.gltf");
        std::ofstream(path) << w.text();
        return testing::renderText(
            "Format 4 4 1\nPixelSamples 1 1\nProjection \"orthographic\"\nTranslate 0 0 5\n"
            "WorldBegin\nLightSource \"distantlight\" \"from\" [0 0 -1] \"to\" [0 0 0] "
            "\"intensity\" 3.14159265\nShape \"gltf\" \"filename\" \"" +
            path.string() + "\"\nWorldEnd\n");
    };
    CHECK(testing::pixel(render(0.7), 2, 2).r > 0.3f);
    CHECK(testing::pixel(render(0.3), 2, 2) == Color(0, 0, 0));
}

TEST_CASE("images with cut-outs do not depend on threads, tiles or crops",
          "[cutout][determinism]") {
    const testing::RenderedPbrt r = testing::renderPbrtText(quads("\"float alpha\" 0.5"));
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    testing::checkDeterministic(*r.loaded.scene, settings);
}
