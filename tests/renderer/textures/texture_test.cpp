// Colour textures: the uv mapping, the checkerboard's squares (negative coordinates included), mix
// and scale per channel, and images decoded from sRGB unless they are linear.
#include "tests/renderer/png_test_support.h"
#include "tests/renderer/textures/texture_test_support.h"
#include "tests/scratch_directory.h"

#include <OpenImageIO/imageio.h>
#include <catch2/catch.hpp>
#include <filesystem>

using namespace lrt;
using namespace lrt::testing;

TEST_CASE("a checkerboard alternates on floor(s') + floor(t') with negatives included",
          "[textures]") {
    auto d = describe("checkerboard");
    add(*d, "uscale", {2});
    add(*d, "vscale", {2});
    d->inputs["tex1"] = constantTexture({1, 0, 0}, {});
    d->inputs["tex2"] = constantTexture({0, 0, 1}, {});
    const BuiltTexture built(*d);
    CHECK(built.at(0.25f, 0.25f) == Color(1, 0, 0));   // (0, 0): even
    CHECK(built.at(0.75f, 0.25f) == Color(0, 0, 1));   // (1, 0)
    CHECK(built.at(0.75f, 0.75f) == Color(1, 0, 0));   // (1, 1)
    CHECK(built.at(-0.25f, 0.25f) == Color(0, 0, 1));  // (-1, 0): odd
    CHECK(built.at(-0.25f, -0.25f) == Color(1, 0, 0)); // (-1, -1): even
}

TEST_CASE("mix and scale textures combine per channel", "[textures]") {
    auto mix = describe("mix");
    mix->inputs["tex1"] = constantTexture({1, 1, 0}, {});
    mix->inputs["tex2"] = constantTexture({0, 1, 1}, {});
    mix->inputs["amount"] = constantTexture({0.25f, 0.5f, 1}, {});
    auto scale = describe("scale");
    scale->inputs["tex"] = mix;
    scale->inputs["scale"] = constantTexture({2, 4, 8}, {});
    const BuiltTexture built(*scale);
    const Color c = built.at(0, 0);
    CHECK(c.r == Approx(0.75f * 2));
    CHECK(c.g == Approx(1.0f * 4));
    CHECK(c.b == Approx(1.0f * 8));
    CHECK(built.owned.size() == 6); // mix, scale and four constants: each made once
}

TEST_CASE("image textures decode sRGB from integer pixels unless told linear", "[textures]") {
    const testing::ScratchDirectory scratch("lrt_texture_test_");
    const auto path = scratch / "grey.png";
    const unsigned char grey[4 * 3] = {128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128, 128};
    auto out = OIIO::ImageOutput::create(path.string());
    REQUIRE(out);
    REQUIRE(out->open(path.string(), OIIO::ImageSpec(2, 2, 3, OIIO::TypeDesc::UINT8)));
    REQUIRE(out->write_image(OIIO::TypeDesc::UINT8, grey));
    out->close();
    for (const auto& [encoding, expected] :
         {std::pair{"auto", 0.21586f}, std::pair{"sRGB", 0.21586f},
          std::pair{"linear", 128.0f / 255.0f}}) {
        auto d = describe("imagemap");
        d->parameters.add({"filename", ParameterType::String, {}, {path.string()}, {}});
        d->parameters.add({"encoding", ParameterType::String, {}, {encoding}, {}});
        add(*d, "scale", {2});
        const BuiltTexture built(*d);
        INFO("encoding " << encoding);
        // ((128/255 + 0.055) / 1.055)^2.4 = 0.21586, then times scale 2.
        CHECK(built.at(0.3f, 0.7f).g == Approx(2 * expected).epsilon(1e-3));
    }
}

TEST_CASE("an image texture's channels pick one channel into all three", "[textures]") {
    // Pixels of red 51, green 102 and blue 204 (0.2, 0.4, 0.8), read linear, without alpha.
    const testing::ScratchDirectory scratch("lrt_texture_test_");
    const auto path = scratch / "rgb.png";
    testing::writePng(path, 2, 2, [](int, int) {
        return std::array<unsigned char, 3>{51, 102, 204};
    });
    for (const auto& [channels, expected] : {std::pair{"r", 0.2f}, std::pair{"g", 0.4f},
                                             std::pair{"b", 0.8f}, std::pair{"alpha", 1.0f}}) {
        auto d = describe("imagemap");
        d->parameters.add({"filename", ParameterType::String, {}, {path.string()}, {}});
        d->parameters.add({"encoding", ParameterType::String, {}, {"linear"}, {}});
        d->parameters.add({"channels", ParameterType::String, {}, {channels}, {}});
        const BuiltTexture built(*d);
        INFO("channels " << channels);
        const Color c = built.at(0.3f, 0.7f);
        CHECK(c.r == Approx(expected).epsilon(1e-3));
        CHECK(c.g == c.r);
        CHECK(c.b == c.r);
    }
}

TEST_CASE("an unreadable image is an error at its texture", "[textures]") {
    auto d = describe("imagemap");
    d->parameters.add({"filename", ParameterType::String, {}, {"/nonexistent/x.png"}, {}});
    d->where = {"scene.pbrt", 3, 1};
    CHECK_THROWS_AS(BuiltTexture(*d), SceneError);
}
