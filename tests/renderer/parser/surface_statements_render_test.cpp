// .lrt scenes that texture, name, mix and cut out surfaces, rendered: a parameter bound to a
// texture holding a constant renders as the constant; a named surface renders as its Surface and
// Color; a mix of two unlit colours shows each on its share of the samples; alpha keeps its share
// of a surface and alphacutoff thresholds it exactly; a texture's space is the one current at its
// Texture statement; and the images are the same for any thread count, tile or crop.
#include "tests/renderer/determinism.h"
#include "tests/renderer/png_test_support.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <string>
#include <tuple>

using namespace lrt;

namespace {

// Looking along +z from the origin through an 8 x 8 orthographic window onto `front` (statements
// ending in a shape's attributes) on a quad at z = 1, before an unlit black quad at z = 2 unless
// `backdrop` is false; one sample a pixel, each pixel filtering only itself.
std::string orthographicQuads(const std::string& front, int samples = 1, bool backdrop = true) {
    const std::string quad =
        "Polygon \"P\" [-4 -4 0  -4 4 0  4 4 0  4 -4 0] \"st\" [0 0 0 1 1 1 1 0]";
    return "Format 8 8 1\nPixelSamples " + std::to_string(samples) + " " + std::to_string(samples) +
           "\nPixelFilter \"box\" 1 1\nProjection \"orthographic\"\nScreenWindow -4 4 -4 4\n"
           "WorldBegin\nLightSource \"ambientlight\" \"intensity\" [1]\n"
           "AttributeBegin\n" +
           front + "\nTranslate 0 0 1\n" + quad + "\nAttributeEnd\n" +
           (backdrop ? "AttributeBegin\nColor [0 0 0]\nSurface \"constant\"\nTranslate 0 0 2\n" +
                           quad + "\nAttributeEnd\n"
                     : "") +
           "WorldEnd\n";
}

double meanRedOver(const Image& image) {
    double sum = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x)
            sum += image.at(x, y, 0);
    return sum / (image.width * image.height);
}

// White (red 1) exactly on the pixels of orthographicQuads' view where one of world x and y is
// negative, and black elsewhere: two squares of a checkerboard over the quad's (s, t).
void checkWhereOneCoordinateIsNegative(const Image& image) {
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            INFO("pixel (" << x << ", " << y << ")");
            CHECK(image.at(x, y, 0) == ((x < 4) != (y < 4) ? 1.0f : 0.0f));
        }
}

// A sphere filling most of a 16 x 16 view inside a uniform sky, through paths of 5 bounces,
// with `surface` (statements).
std::string skyLitSphere(const std::string& surface) {
    return "Format 16 16 1\nPixelSamples 2 2\nProjection \"perspective\" \"fov\" [30]\n"
           "SurfaceIntegrator \"path\" \"maxdepth\" [5]\nWorldBegin\n"
           "LightSource \"infinite\" \"intensity\" [1]\n" +
           surface + "\nTranslate 0 0 5\nSphere 1.2 -1.2 1.2 360\nWorldEnd\n";
}

} // namespace

TEST_CASE(".lrt: a parameter bound to a texture holding a constant renders as the constant",
          "[scene][parser][textures]") {
    const std::string texture = "Texture \"c\" \"constant\" \"value\" [0.3 0.3 0.3]\n";
    // Each case: the Surface's name and other parameters, the parameter bound, its constant.
    for (const auto& [surface, parameter, value] :
         std::vector<std::tuple<std::string, std::string, std::string>>{
             {"\"conductor\"", "roughness", "[0.3]"},
             {"\"conductor\"", "vroughness", "[0.3]"},
             {"\"coateddiffuse\"", "roughness", "[0.3]"},
             {"\"dielectric\"", "roughness", "[0.3]"},
             {"\"metallicroughness\"", "metallic", "[0.3]"},
             {"\"metallicroughness\"", "clearcoat", "[0.3]"},
             {"\"metallicroughness\" \"metallic\" [0]", "specularcolor", "[0.3 0.3 0.3]"},
             {"\"metallicroughness\"", "sheencolor", "[0.3 0.3 0.3]"}}) {
        INFO("Surface " << surface << " \"" << parameter << "\" " << value);
        const Image constant = testing::renderText(
            skyLitSphere("Surface " + surface + " \"" + parameter + "\" " + value));
        const Image textured = testing::renderText(
            skyLitSphere(texture + "Surface " + surface + " \"texture " + parameter + "\" \"c\""));
        CHECK(testing::sameBits(constant, textured));
    }
}

TEST_CASE(".lrt: a named surface renders as its Surface with its Color",
          "[scene][parser][textures]") {
    const Image stated = testing::renderText(
        skyLitSphere("Color [0.2 0.4 0.6]\nSurface \"plastic\" \"roughness\" [0.2]"));
    const Image named = testing::renderText(
        skyLitSphere("Color [0.2 0.4 0.6]\nMakeNamedSurface \"p\" \"plastic\" \"roughness\" [0.2]\n"
                     "Color [1 1 1]\nSurface \"matte\"\nNamedSurface \"p\""));
    CHECK(testing::sameBits(stated, named));
}

TEST_CASE(".lrt: a mix shows each of its surfaces on its share of the samples",
          "[scene][parser][mix]") {
    const std::string surfaces = "Color [1 1 1]\nMakeNamedSurface \"white\" \"constant\"\n"
                                 "Color [0 0 0]\nMakeNamedSurface \"black\" \"constant\"\n";
    const auto mix = [&](const std::string& amount) {
        return testing::renderText(orthographicQuads(
            surfaces + "Surface \"mix\" \"string surfaces\" [\"white\" \"black\"] " + amount, 8));
    };
    CHECK(meanRedOver(mix("\"amount\" [0]")) == 1.0);
    CHECK(meanRedOver(mix("\"amount\" [1]")) == 0.0);
    // 8 x 8 pixels of 64 samples: the black share 0.25 has a standard error of 0.0034.
    CHECK(meanRedOver(mix("\"amount\" [0.25]")) == Approx(0.75).margin(0.02));
    // A textured amount: a checkerboard of 0 and 1, two squares across the quad. The quad's s runs
    // along x and t along y, so white (amount 0, the even squares) is where exactly one of x and
    // y is negative.
    const Image textured = testing::renderText(
        orthographicQuads(surfaces + "Texture \"a\" \"checkerboard\" \"uscale\" [2] \"vscale\" [2] "
                                     "\"tex1\" 0 \"tex2\" 1\nSurface \"mix\" \"string surfaces\" "
                                     "[\"white\" \"black\"] \"texture amount\" \"a\""));
    checkWhereOneCoordinateIsNegative(textured);
}

TEST_CASE(".lrt: alpha keeps its share of a surface and alphacutoff thresholds it",
          "[scene][parser][cutout]") {
    const std::string white = "Color [1 1 1]\nSurface \"constant\" ";
    CHECK(meanRedOver(testing::renderText(orthographicQuads(white))) == 1.0);
    CHECK(meanRedOver(testing::renderText(
              orthographicQuads(white + "\"alpha\" 0.3 \"alphacutoff\" 0.5"))) == 0.0);
    CHECK(meanRedOver(testing::renderText(
              orthographicQuads(white + "\"alpha\" 0.3 \"alphacutoff\" 0.2"))) == 1.0);
    CHECK(meanRedOver(testing::renderText(orthographicQuads(white + "\"alpha\" 0.3", 8))) ==
          Approx(0.3).margin(0.02));
    // A texture's red channel: a checkerboard of 1 and 0, two squares across the quad, cut at 0.5
    // (the quad's s runs along x and t along y: the 1s are where exactly one of x, y is negative).
    const Image checks = testing::renderText(
        orthographicQuads("Texture \"a\" \"checkerboard\" \"uscale\" [2] \"vscale\" [2]\n" + white +
                          "\"texture alpha\" \"a\" \"alphacutoff\" 0.5"));
    checkWhereOneCoordinateIsNegative(checks);
}

TEST_CASE(".lrt: a texture's space is the one current at its Texture statement",
          "[scene][parser][textures]") {
    // A 3-D checkerboard of white and black cubes on the quad at z = 1: pixel (x, y) covers
    // world x in [x - 4, x - 3) and y in (3 - y, 4 - y], a single cube of unit or double size.
    const auto render = [](const std::string& transform) {
        return testing::renderText(orthographicQuads(
            "TransformBegin\n" + transform +
            "\nTexture \"cubes\" \"checkerboard\" \"dimension\" [3]\nTransformEnd\n"
            "Surface \"constant\" \"texture Cs\" \"cubes\""));
    };
    const auto floorOf = [](double v) { return static_cast<int>(std::floor(v)); };
    const Image unit = render("");
    const Image doubled = render("Scale 2 2 2");
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            INFO("pixel (" << x << ", " << y << ")");
            const double wx = x - 3.5, wy = 3.5 - y, wz = 1;
            const int unitCell = floorOf(wx) + floorOf(wy) + floorOf(wz);
            const int doubleCell = floorOf(wx / 2) + floorOf(wy / 2) + floorOf(wz / 2);
            CHECK(unit.at(x, y, 0) == (unitCell % 2 == 0 ? 1.0f : 0.0f));
            CHECK(doubled.at(x, y, 0) == (doubleCell % 2 == 0 ? 1.0f : 0.0f));
        }
}

TEST_CASE(".lrt: textures, mixes and cut-outs do not depend on threads, tiles or crops",
          "[scene][parser][determinism]") {
    const testing::LoadedScene loaded = testing::loadScene(skyLitSphere(
        "Texture \"n\" \"fbm\"\nTexture \"checks\" \"checkerboard\" \"uscale\" [8] \"vscale\" [4]\n"
        "MakeNamedSurface \"rough\" \"conductor\" \"texture roughness\" \"n\"\n"
        "Color [0.8 0.2 0.1]\nMakeNamedSurface \"red\" \"coateddiffuse\" \"texture Cs\" "
        "\"checks\"\n"
        "Surface \"mix\" \"string surfaces\" [\"rough\" \"red\"] \"texture amount\" \"n\" "
        "\"alpha\" 0.7"));
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    testing::checkDeterministic(*loaded.scene, settings);
}

TEST_CASE(".lrt: an image bound to a parameter is filtered over each pixel's footprint",
          "[scene][parser][textures]") {
    // An image texture is looked up over the pixel's footprint, which needs the surface's
    // derivatives at the hit; a constant texture needs none, and a hit skips them.
    const testing::ScratchDirectory scratch("lrt_surface_statements_");
    testing::writePng(scratch / "grey.png", 2, 2, [](int, int) {
        return std::array<unsigned char, 3>{90, 90, 90};
    });
    const std::string image = "Texture \"i\" \"imagemap\" \"filename\" \"grey.png\"\n";
    const std::string constant = "Texture \"i\" \"constant\"\n";
    for (const std::string surface :
         {"\"conductor\" \"texture roughness\" \"i\"", "\"dielectric\" \"texture roughness\" \"i\"",
          "\"coateddiffuse\" \"texture thickness\" \"i\"",
          "\"coatedconductor\" \"texture conductor.roughness\" \"i\"",
          "\"diffusetransmission\" \"texture scale\" \"i\"",
          "\"metallicroughness\" \"texture sheencolor\" \"i\""}) {
        INFO("Surface " << surface);
        // The derivative along u of the front quad (a mesh, whose hits skip derivatives that
        // nothing reads) where the view's centre meets it.
        const auto dpdu = [&](const std::string& texture) {
            const testing::LoadedScene loaded = testing::loadScene(
                orthographicQuads(texture + "Surface " + surface), scratch.path().string());
            const auto hit = loaded.scene->intersect({{0, 0, 0}, {0, 0, 1}, 0, 100});
            REQUIRE(hit);
            return length(hit->local.dpdu);
        };
        CHECK(dpdu(image) > 0);
        CHECK(dpdu(constant) == 0);
    }
}

TEST_CASE(".lrt: a texture for a parameter its surface does not texture is an error at the binding",
          "[scene][parser][textures]") {
    CHECK_THROWS_WITH(
        testing::loadScene(
            skyLitSphere("Texture \"t\" \"constant\"\n"
                         "Surface \"conductor\" \"eta\" [1 1 1] \"texture k\" \"t\"")),
        Catch::Contains("test.lrt:8:35: error: Surface \"conductor\" takes no texture for "
                        "parameter 'k'"));
}

TEST_CASE(".lrt: a mix's amount outside [0, 1] is an error at the value", "[scene][parser][mix]") {
    CHECK_THROWS_WITH(
        testing::loadScene(
            orthographicQuads("MakeNamedSurface \"a\" \"constant\"\n"
                              "Surface \"mix\" \"string surfaces\" [\"a\" \"a\"] \"amount\" "
                              "1.5")),
        Catch::Contains("test.lrt:10:43: error: amount of Surface \"mix\" is 1.5, outside its "
                        "domain: a real in [0, 1]"));
}
