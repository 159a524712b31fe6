// Float textures standing for surface parameters and pbrt-v4's mix material, rendered from
// pbrt-v4 scenes: a texture holding a constant renders exactly as the constant; a mix of amount
// 0 or 1 is exactly its first or second material, and of amount 0.3 shows the second on 30% of
// the surface; a textured amount splits the surface by the texture; images are the same for any
// thread count, tile or crop; and a texture for a parameter that takes none is an error.
#include "tests/renderer/determinism.h"
#include "tests/renderer/pbrt/pbrt_render_test_support.h"
#include "tests/renderer/render_test_support.h"

#include <catch2/catch.hpp>
#include <string>

using namespace lrt;

namespace {

// A sphere filling most of a 24 x 24 view under a uniform white sky, with `material` (pbrt-v4
// statements that set the material).
std::string sphereScene(const std::string& material) {
    return R"(LookAt 0 0 -5  0 0 0  0 1 0
Camera "perspective" "float fov" 30
Film "rgb" "integer xresolution" 24 "integer yresolution" 24 "string filename" "test.exr"
Integrator "volpath" "integer maxdepth" 5
WorldBegin
LightSource "infinite" "rgb L" [1 1 1]
)" + material +
           "\nShape \"sphere\" \"float radius\" 1.2\n";
}

// Red over red + blue on the sphere (each channel summed over the central pixels, which see
// nothing but the sphere).
double redShare(const Image& image) {
    double red = 0, blue = 0;
    for (int y = 6; y < 18; ++y)
        for (int x = 6; x < 18; ++x)
            red += image.at(x, y, 0), blue += image.at(x, y, 2);
    return red / (red + blue);
}

const std::string kRedAndBlue =
    "MakeNamedMaterial \"red\" \"string type\" \"diffuse\" \"rgb reflectance\" [0.8 0 0]\n"
    "MakeNamedMaterial \"blue\" \"string type\" \"diffuse\" \"rgb reflectance\" [0 0 0.8]\n";

} // namespace

TEST_CASE("a float texture holding a constant renders as the constant", "[materials][textures]") {
    for (const std::string& material :
         {std::string("\"conductor\" \"rgb eta\" [0.2 0.9 1.1] \"rgb k\" [3.9 2.4 2.1]"),
          std::string("\"coateddiffuse\" \"rgb reflectance\" [0.5 0.3 0.2]"),
          std::string("\"dielectric\" \"float eta\" 1.4")}) {
        for (const char* parameter : {"roughness", "uroughness"}) {
            INFO("Material " << material << " with \"" << parameter << "\" 0.3");
            const Image constant =
                testing::renderPbrtText(
                    sphereScene("Material " + material + " \"float " + parameter + "\" 0.3"))
                    .image;
            const Image textured =
                testing::renderPbrtText(
                    sphereScene("Texture \"r\" \"float\" \"constant\" \"float value\" 0.3\n"
                                "Material " +
                                material + " \"texture " + parameter + "\" \"r\""))
                    .image;
            CHECK(testing::sameBits(constant, textured));
        }
    }
}

TEST_CASE("a mix is one of its two materials at each point, by amount", "[materials][mix]") {
    const auto mix = [&](const std::string& amount) {
        return testing::renderPbrtText(sphereScene(kRedAndBlue +
                                                   "Material \"mix\" \"string materials\" "
                                                   "[\"red\" \"blue\"] " +
                                                   amount),
                                       16)
            .image;
    };
    const Image red =
        testing::renderPbrtText(sphereScene(kRedAndBlue + "NamedMaterial \"red\""), 16).image;
    const Image blue =
        testing::renderPbrtText(sphereScene(kRedAndBlue + "NamedMaterial \"blue\""), 16).image;
    CHECK(testing::sameBits(mix("\"float amount\" 0"), red));
    CHECK(testing::sameBits(mix("\"float amount\" 1"), blue));
    // Amount 0.3: the second material on 30% of the points, not an average of the two colours
    // at every point; over 24 x 24 x 16 samples the share is 0.7 within a few hundredths.
    const Image mixed = mix("\"float amount\" 0.3");
    CHECK(redShare(mixed) == Approx(0.7).margin(0.03));
    bool somePixelPurelyOne = false;
    for (int y = 8; y < 16 && !somePixelPurelyOne; ++y)
        for (int x = 8; x < 16; ++x)
            somePixelPurelyOne |= mixed.at(x, y, 2) == 0.0f || mixed.at(x, y, 0) == 0.0f;
    CHECK_FALSE(somePixelPurelyOne); // 16 samples a pixel: each pixel sees both
}

TEST_CASE("a textured amount splits a mix by the texture", "[materials][mix]") {
    // A checkerboard of 0 and 1 in s: the sphere's u runs around it, 4 squares across.
    const Image image =
        testing::renderPbrtText(
            sphereScene(kRedAndBlue + "Texture \"a\" \"float\" \"checkerboard\" \"float uscale\" 4 "
                                      "\"float vscale\" 0 \"float tex1\" 0 \"float tex2\" 1\n"
                                      "Material \"mix\" \"string materials\" [\"red\" \"blue\"] "
                                      "\"texture amount\" \"a\""))
            .image;
    int redPixels = 0, bluePixels = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) {
            redPixels += image.at(x, y, 0) > 0 && image.at(x, y, 2) == 0;
            bluePixels += image.at(x, y, 2) > 0 && image.at(x, y, 0) == 0;
        }
    CHECK(redPixels > 40);
    CHECK(bluePixels > 40);
}

TEST_CASE("mixes and textured parameters do not depend on threads, tiles or crops",
          "[materials][mix][determinism]") {
    const testing::RenderedPbrt r = testing::renderPbrtText(sphereScene(
        kRedAndBlue + "Texture \"f\" \"float\" \"fbm\"\n"
                      "MakeNamedMaterial \"rough\" \"string type\" \"conductor\" "
                      "\"texture roughness\" \"f\"\n"
                      "Material \"mix\" \"string materials\" [\"red\" \"rough\"] \"float amount\" "
                      "0.5"));
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    testing::checkDeterministic(*r.loaded.scene, settings);
}

TEST_CASE("a texture for a parameter that takes none is an error at its Surface",
          "[materials][textures][errors]") {
    FrameDescription frame =
        parsePbrtString(sphereScene("Material \"diffuse\""), "test.pbrt").at(0);
    auto attributes = std::make_shared<SurfaceAttributes>(*frame.world.shapes.at(0).attributes);
    attributes->parameterTextures["Kd"] = {constantTexture(Color(0.5f), {}), 0, {}};
    frame.world.shapes.at(0).attributes = attributes;
    EmbreeDevice device;
    CHECK_THROWS_WITH(buildScene(frame, device.get(), testing::bundledData()),
                      Catch::Contains("Surface \"matte\" takes no texture for parameter 'Kd'"));
}
