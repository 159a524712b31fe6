// The pbrt-v4 importer: a scene written in pbrt-v4 and in .lrt renders bitwise the same; pbrt-v4's
// semantics (light units, image orientation on meshes and quadrics, one-sided emitters, Attribute
// defaults, instancing, files relative to the main scene) against values worked out by hand;
// substitutions reported; bad input refused at its place.
#include "renderer/pbrt/pbrt_scene.h"
#include "tests/renderer/png_test_support.h"
#include "tests/renderer/render_test_support.h"
#include "tests/scratch_directory.h"

#include <OpenImageIO/imageio.h>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

using namespace lrt;

namespace {

Image renderPbrt(const std::string& text, const std::filesystem::path& directory = ".") {
    const auto frames = parsePbrtString(text, "test.pbrt", directory);
    EmbreeDevice device;
    const auto scene = buildScene(frames.at(0), device.get(), testing::bundledData());
    return render(*scene, {}).image;
}

std::vector<std::string> warningsOf(const std::string& text) {
    std::vector<std::string> out;
    const auto frames = parsePbrtString(text, "test.pbrt");
    for (const Diagnostic& d : frames.at(0).warnings)
        out.push_back(fmt::format("{}:{}: {}", d.where.line, d.where.column, d.message));
    return out;
}

// The frames of `text`, each warning a failed check: what a scene lrt imports exactly gives.
std::vector<FrameDescription> importedWithoutWarnings(const std::string& text) {
    auto frames = parsePbrtString(text, "test.pbrt");
    for (const auto& warning : frames.at(0).warnings)
        FAIL_CHECK(warning.message);
    return frames;
}

std::string errorOf(const std::string& text) {
    try {
        parsePbrtString(text, "test.pbrt");
    } catch (const SceneError& e) {
        std::string out;
        for (const Diagnostic& d : e.diagnostics())
            out += fmt::format("{}:{}: {}\n", d.where.line, d.where.column, d.message);
        return out;
    }
    return "no error";
}

// The channel of `c` that is largest: 0 red, 1 green, 2 blue.
int dominant(Color c) {
    return c.r > c.g && c.r > c.b ? 0 : c.g > c.b ? 1 : 2;
}

// An orthographic view of the plane z = 0 from -z, lit head-on by a distant light of irradiance
// pi scale, so that a diffuse surface of reflectance R shows radiance R scale.
const std::string kHeadOn = R"(LookAt 0 0 -5  0 0 0  0 1 0
Camera "orthographic"
Film "rgb" "integer xresolution" 16 "integer yresolution" 16
Sampler "independent" "integer pixelsamples" 4
PixelFilter "box"
Integrator "path" "integer maxdepth" 1
WorldBegin
LightSource "distant" "point3 from" [0 0 -1] "point3 to" [0 0 0] "rgb L" [3.14159265 3.14159265 3.14159265]
)";
const std::string kQuad = R"(Shape "trianglemesh" "point3 P" [-1 -1 0  1 -1 0  1 1 0  -1 1 0]
  "integer indices" [0 1 2 0 2 3] "point2 uv" [0 0 1 0 1 1 0 1]
)";

} // namespace

TEST_CASE("a scene written in pbrt-v4 and in .lrt renders bitwise the same", "[pbrt]") {
    const std::string pbrt = R"(LookAt 0 1 -5  0 0.5 0  0 1 0
Camera "perspective" "float fov" 40
Film "rgb" "integer xresolution" 48 "integer yresolution" 36
Sampler "halton" "integer pixelsamples" 4
PixelFilter "gaussian"
Integrator "path" "integer maxdepth" 4
WorldBegin
LightSource "point" "point3 from" [2 3 -2] "rgb I" [3 3 3]
LightSource "spot" "point3 from" [-2 3 -2] "point3 to" [0 0 0] "float coneangle" 25 "rgb I" [5 4 3]
AttributeBegin
  AreaLightSource "diffuse" "rgb L" [2 2 2]
  Translate 0 2.5 0
  Rotate 90 1 0 0
  Shape "disk" "float radius" 0.5
AttributeEnd
Material "diffuse" "rgb reflectance" [0.6 0.5 0.4]
Shape "trianglemesh" "point3 P" [-3 0 -3 3 0 -3 3 0 3 -3 0 3] "integer indices" [0 1 2 0 2 3]
Material "dielectric" "float eta" 1.33
AttributeBegin
  Translate 0.8 0.5 0
  Shape "sphere" "float radius" 0.5
AttributeEnd
Material "diffuse" "rgb reflectance" [0.2 0.7 0.3]
AttributeBegin
  Translate -0.8 0 0
  Rotate -90 1 0 0
  Shape "cylinder" "float radius" 0.4 "float zmin" 0 "float zmax" 1
AttributeEnd
)";
    const std::string lrt = R"(Format 48 36 1
PixelSamples 2 2
PixelFilter "gaussian" 3 3
Projection "perspective" "fov" 40
SurfaceIntegrator "path" "maxdepth" 4
LookAt 0 1 -5  0 0.5 0  0 1 0
WorldBegin
LightSource "pointlight" "from" [2 3 -2] "lightcolor" [3 3 3]
LightSource "spotlight" "from" [-2 3 -2] "to" [0 0 0] "coneangle" 25 "conedeltaangle" 5
  "beamdistribution" 0 "lightcolor" [5 4 3]
AttributeBegin
  AreaLightSource "arealight" "lightcolor" [2 2 2] "twosided" 0
  Translate 0 2.5 0
  Rotate 90 1 0 0
  Disk 0 0.5 360
AttributeEnd
Surface "matte" "Kd" 1
Color [0.6 0.5 0.4]
Shape "trianglemesh" "P" [-3 0 -3 3 0 -3 3 0 3 -3 0 3] "indices" [0 1 2 0 2 3]
Surface "dielectric" "eta" 1.33 "uroughness" 0 "vroughness" 0
Color [1 1 1]
AttributeBegin
  Translate 0.8 0.5 0
  Sphere 0.5 -0.5 0.5 360
AttributeEnd
Surface "matte" "Kd" 1
Color [0.2 0.7 0.3]
AttributeBegin
  Translate -0.8 0 0
  Rotate -90 1 0 0
  Cylinder 0.4 0 1 360
AttributeEnd
WorldEnd
)";
    const Image fromPbrt = renderPbrt(pbrt);
    const Image fromLrt = testing::renderText(lrt);
    REQUIRE(fromPbrt.width == 48);
    REQUIRE(fromPbrt.height == 36);
    CHECK(fromPbrt.pixels == fromLrt.pixels);
    CHECK(std::count_if(fromPbrt.pixels.begin(), fromPbrt.pixels.end(),
                        [](float v) { return v > 0.01f; }) > 1000);
    CHECK(parsePbrtString(pbrt, "test.pbrt").at(0).warnings.empty());
}

TEST_CASE("pbrt-v4 light units: rgb values with scale and power and the film's ISO", "[pbrt]") {
    SECTION("a distant light's L is the irradiance of a surface facing it, over pi") {
        // Radiance = R / pi * (pi * 1) for every pixel: the reflectance itself.
        const Image image =
            renderPbrt(kHeadOn + "Material \"diffuse\" \"rgb reflectance\" [0.5 0.25 1]\n" + kQuad);
        for (const auto& [x, y] : {std::pair{0, 0}, std::pair{7, 9}, std::pair{15, 15}}) {
            INFO("pixel " << x << ", " << y);
            CHECK(testing::pixel(image, x, y).r == Approx(0.5f).epsilon(1e-5));
            CHECK(testing::pixel(image, x, y).g == Approx(0.25f).epsilon(1e-5));
            CHECK(testing::pixel(image, x, y).b == Approx(1.0f).epsilon(1e-5));
        }
    }
    SECTION("the film's iso and the camera's shutter scale the image, as pbrt-v4's sensor") {
        // pbrt-v4's imaging ratio: exposure time (shutterclose - shutteropen) * iso / 100.
        const auto frames = parsePbrtString(
            "Camera \"perspective\" \"float shutteropen\" 0 \"float shutterclose\" 0.5\n"
            "Film \"rgb\" \"float iso\" 400\nWorldBegin\n",
            "test.pbrt");
        CHECK(frames.at(0).options.film.gain == Approx(2.0f));
    }
    SECTION("a point light of intensity I lights a surface at distance d with I / d^2") {
        // Far away (d = 20), so that E = scale I / d^2 = 1 is flat over the middle pixels.
        const std::string camera = kHeadOn.substr(0, kHeadOn.find("LightSource"));
        const std::string rest = "Material \"diffuse\" \"rgb reflectance\" [0.5 0.5 0.5]\n" + kQuad;
        const Image byScale = renderPbrt(
            camera + "LightSource \"point\" \"point3 from\" [0 0 -20] \"float scale\" 400\n" +
            rest);
        const Image byPower =
            renderPbrt(camera + "LightSource \"point\" \"point3 from\" [0 0 -20] \"float power\" " +
                       std::to_string(400 * 4 * std::numbers::pi) + "\n" + rest);
        CHECK(testing::pixel(byScale, 8, 8).r == Approx(0.5 / std::numbers::pi).epsilon(1e-3));
        CHECK(testing::pixel(byPower, 8, 8).r == Approx(0.5 / std::numbers::pi).epsilon(1e-3));
    }
}

TEST_CASE("a pbrt-v4 image infinite light reads its square map as pbrt-v4's equal-area layout",
          "[pbrt]") {
    // 8 x 8: 1 inside the diamond through the edge midpoints (the light's +z hemisphere), 0 in
    // the corners (-z), as pbrt-v4's EqualAreaSphereToSquare lays a sky out.
    const auto path = testing::scratchFile("sky.exr");
    std::vector<float> pixels;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            const float u = (static_cast<float>(x) + 0.5f) / 8 - 0.5f,
                        v = (static_cast<float>(y) + 0.5f) / 8 - 0.5f;
            const float value = std::fabs(u) + std::fabs(v) < 0.5f ? 1.0f : 0.0f;
            pixels.insert(pixels.end(), {value, value, value});
        }
    auto out = OIIO::ImageOutput::create(path.string());
    REQUIRE(out);
    REQUIRE(out->open(path.string(), OIIO::ImageSpec(8, 8, 3, OIIO::TypeDesc::FLOAT)));
    REQUIRE(out->write_image(OIIO::TypeDesc::FLOAT, pixels.data()));
    out->close();
    const auto frames = parsePbrtString(kHeadOn.substr(0, kHeadOn.find("LightSource")) +
                                            "LightSource \"infinite\" \"string filename\" \"" +
                                            path.string() + "\" \"float scale\" 3\n",
                                        "test.pbrt");
    CHECK(frames.at(0).warnings.empty());
    EmbreeDevice device;
    const auto scene = buildScene(frames.at(0), device.get(), testing::bundledData());
    REQUIRE(scene->infiniteLights().size() == 1);
    CHECK(scene->infiniteLights()[0]->radiance({0, 0.3f, 1}).r == Approx(3.0f));
    CHECK(scene->infiniteLights()[0]->radiance({0.1f, 0, -1}).r == 0);
}

TEST_CASE("a pbrt-v4 area light emits from the side its surface faces unless two-sided", "[pbrt]") {
    const std::string camera = kHeadOn.substr(0, kHeadOn.find("LightSource"));
    // P0 P1 P2 wind so that (P1 - P0) x (P2 - P0) points to -z, at the camera.
    const std::string emitter = R"(Shape "trianglemesh" "point3 P" [-1 -1 0  -1 1 0  1 1 0  1 -1 0]
  "integer indices" [0 1 2 0 2 3]
)";
    const auto centre = [&](const std::string& light) {
        return testing::pixel(
            renderPbrt(camera + "AttributeBegin\n" + light + emitter + "AttributeEnd\n"), 8, 8);
    };
    const Color facing = centre("AreaLightSource \"diffuse\" \"rgb L\" [2 3 4]\n");
    CHECK(facing.r == Approx(2.0f));
    CHECK(facing.g == Approx(3.0f));
    CHECK(facing.b == Approx(4.0f));
    CHECK(centre("ReverseOrientation\nAreaLightSource \"diffuse\" \"rgb L\" [2 3 4]\n").g == 0);
    CHECK(centre("ReverseOrientation\nAreaLightSource \"diffuse\" \"rgb L\" [2 3 4] \"bool "
                 "twosided\" true\n")
              .g == Approx(3.0f));
}

TEST_CASE("pbrt-v4 image textures keep their orientation on meshes and on quadrics", "[pbrt]") {
    // Quadrants: red top left, green top right, blue bottom left, white bottom right.
    const auto path = testing::scratchFile("quadrants.png");
    testing::writePng(path, 64, 64, [](int x, int y) -> std::array<unsigned char, 3> {
        if (y < 32)
            return x < 32 ? std::array<unsigned char, 3>{255, 0, 0}
                          : std::array<unsigned char, 3>{0, 255, 0};
        return x < 32 ? std::array<unsigned char, 3>{0, 0, 255}
                      : std::array<unsigned char, 3>{255, 255, 255};
    });
    const std::string texture = "Texture \"q\" \"spectrum\" \"imagemap\" \"string filename\" \"" +
                                path.string() +
                                "\"\nMaterial \"diffuse\" \"texture reflectance\" \"q\"\n";
    SECTION("on a mesh, uv (0, 0) shows the image's bottom left corner, as in pbrt-v4") {
        const Image image = renderPbrt(kHeadOn + texture + kQuad);
        CHECK(dominant(testing::pixel(image, 4, 4)) == 0);
        CHECK(dominant(testing::pixel(image, 12, 4)) == 1);
        CHECK(dominant(testing::pixel(image, 4, 12)) == 2);
        const Color white = testing::pixel(image, 12, 12);
        CHECK(white.r == Approx(1.0f).epsilon(0.02));
        CHECK(white.b == Approx(1.0f).epsilon(0.02));
        // 8-bit images are sRGB-decoded: mid grey would not be 0.5; pure colours are exact.
        CHECK(testing::pixel(image, 4, 4).r == Approx(1.0f).epsilon(0.02));
    }
    SECTION("on a sphere, the image's top row is at the top (+z)") {
        const std::string camera = R"(LookAt 0 -5 0  0 0 0  0 0 1
Camera "orthographic" "float screenwindow" [-1.2 1.2 -1.2 1.2]
Film "rgb" "integer xresolution" 24 "integer yresolution" 24
Sampler "independent" "integer pixelsamples" 4
Integrator "path" "integer maxdepth" 1
WorldBegin
LightSource "distant" "point3 from" [0 -1 0] "point3 to" [0 0 0] "rgb L" [3.14159265 3.14159265 3.14159265]
)";
        const Image image = renderPbrt(camera + texture + "Shape \"sphere\"\n");
        // Near the top, the sphere shows the upper quadrants (red or green); near the bottom,
        // the lower ones (blue or white, whose blue is as large as its red).
        const Color top = testing::pixel(image, 12, 4), bottom = testing::pixel(image, 12, 19);
        CHECK(top.b < 0.1f);
        CHECK(bottom.b > 0.5f);
    }
}

TEST_CASE("a pbrt-v4 normalmap leans the shading normal towards dp/du", "[pbrt]") {
    // A constant linear texel (sin 45, 0, cos 45): pbrt-v4's Frame::FromXZ(dpdu, n) leans the
    // normal of the square (+z, dp/du = +x) to (sin 45, 0, cos 45). Seen from -z, lit from
    // (-1 0 -1) it faces the light: radiance = reflectance; from (1 0 -1) it is edge-on.
    const auto path = testing::scratchFile("leaning.exr");
    const float lean = 0.5f + 0.5f * std::sqrt(0.5f);
    const std::vector<float> pixels = {lean, 0.5f, lean, lean, 0.5f, lean,
                                       lean, 0.5f, lean, lean, 0.5f, lean};
    auto out = OIIO::ImageOutput::create(path.string());
    REQUIRE(out);
    REQUIRE(out->open(path.string(), OIIO::ImageSpec(2, 2, 3, OIIO::TypeDesc::FLOAT)));
    REQUIRE(out->write_image(OIIO::TypeDesc::FLOAT, pixels.data()));
    out->close();
    const std::string camera = kHeadOn.substr(0, kHeadOn.find("LightSource"));
    const auto centre = [&](const char* from) {
        return testing::pixel(
                   renderPbrt(camera + "LightSource \"distant\" \"point3 from\" [" + from +
                              "] \"point3 to\" [0 0 0] \"rgb L\" [3.14159265 3.14159265 "
                              "3.14159265]\nMaterial \"diffuse\" \"string normalmap\" \"" +
                              path.string() + "\"\n" + kQuad),
                   8, 8)
            .g;
    };
    CHECK(centre("-1 0 -1") == Approx(0.5f).epsilon(1e-3));
    CHECK(centre("1 0 -1") == Approx(0.0f).margin(1e-3));
}

TEST_CASE("pbrt-v4 checkerboard and scale textures", "[pbrt]") {
    // 2 x 2 squares over the quad: tex1 where floor(2u) + floor(2v) is even, so at uv (0.25,
    // 0.25), the image's bottom left.
    const Image image = renderPbrt(
        kHeadOn +
        "Texture \"c\" \"spectrum\" \"checkerboard\" \"float uscale\" 2 \"float vscale\" 2 "
        "\"rgb tex1\" [1 0 0] \"rgb tex2\" [0 0 1]\n"
        "Texture \"half\" \"spectrum\" \"scale\" \"texture tex\" \"c\" \"float scale\" 0.5\n"
        "Material \"diffuse\" \"texture reflectance\" \"half\"\n" +
        kQuad);
    CHECK(testing::pixel(image, 4, 12).r == Approx(0.5f));
    CHECK(testing::pixel(image, 4, 12).b == 0);
    CHECK(testing::pixel(image, 12, 12).b == Approx(0.5f));
    CHECK(testing::pixel(image, 4, 4).b == Approx(0.5f));
    CHECK(testing::pixel(image, 12, 4).r == Approx(0.5f));
}

TEST_CASE("pbrt-v4 graphics state: Attribute defaults and instances and named materials",
          "[pbrt]") {
    SECTION("Attribute \"shape\" gives parameters to the shapes of its block") {
        const auto frames = parsePbrtString(kHeadOn + R"(AttributeBegin
  Attribute "shape" "float radius" 0.25
  Shape "sphere"
  Shape "sphere" "float radius" 2
AttributeEnd
Shape "sphere"
)",
                                            "test.pbrt");
        const auto& shapes = frames.at(0).world.shapes;
        REQUIRE(shapes.size() == 3);
        CHECK(shapes[0].arguments[0] == 0.25);
        CHECK(shapes[1].arguments[0] == 2);
        CHECK(shapes[2].arguments[0] == 1);
    }
    SECTION("an instanced object renders as its copies would") {
        const std::string copies =
            kHeadOn + "AttributeBegin Translate -0.5 0 0 Shape \"sphere\" \"float radius\" 0.3 "
                      "AttributeEnd\nAttributeBegin Translate 0.5 0 0 Shape \"sphere\" "
                      "\"float radius\" 0.3 AttributeEnd\n";
        const std::string instances =
            kHeadOn + "ObjectBegin \"ball\"\nShape \"sphere\" \"float radius\" 0.3\nObjectEnd\n"
                      "AttributeBegin Translate -0.5 0 0 ObjectInstance \"ball\" AttributeEnd\n"
                      "AttributeBegin Translate 0.5 0 0 ObjectInstance \"ball\" AttributeEnd\n";
        const Image a = renderPbrt(copies), b = renderPbrt(instances);
        for (std::size_t i = 0; i < a.pixels.size(); ++i)
            REQUIRE(a.pixels[i] == Approx(b.pixels[i]).margin(1e-5));
        CHECK(testing::pixel(a, 4, 8).r > 0.1f);
        CHECK(testing::pixel(a, 8, 8).r == 0);
    }
    SECTION("a named material outlives the block it was made in; NamedMaterial selects it") {
        const Image image = renderPbrt(kHeadOn + R"(AttributeBegin
MakeNamedMaterial "red" "string type" "diffuse" "rgb reflectance" [1 0 0]
AttributeEnd
NamedMaterial "red"
)" + kQuad);
        CHECK(testing::pixel(image, 8, 8).r == Approx(1.0f));
        CHECK(testing::pixel(image, 8, 8).g == 0);
    }
}

TEST_CASE("a pbrt-v4 scene that leaves options out gets pbrt-v4's defaults", "[pbrt]") {
    const auto frames = parsePbrtString("WorldBegin\nShape \"sphere\"\n", "test.pbrt");
    const FrameOptions& o = frames.at(0).options;
    CHECK(o.film.xResolution == 1280);
    CHECK(o.film.yResolution == 720);
    CHECK(o.film.xSamples * o.film.ySamples == 16);
    CHECK(o.film.filter.name == "gaussian");
    CHECK(o.film.filter.widths == std::array<float, 2>{3, 3});
    CHECK(o.film.displayName.empty()); // lrt's default output name, not pbrt.exr
    CHECK(o.integrator.name == "path");
    CHECK(o.integrator.parameters.find("maxdepth")->numbers == std::vector<double>{5});
    CHECK(o.camera.projection.name == "perspective");
    CHECK(o.camera.projection.parameters.all().empty()); // fov 90, lrt's default too
    // The default material: diffuse, reflectance 0.5.
    const SurfaceAttributes& a = *frames.at(0).world.shapes.at(0).attributes;
    CHECK(a.surface.name == "matte");
    CHECK(a.color == Color(0.5f, 0.5f, 0.5f));
}

TEST_CASE("pbrt-v4's materials become lrt's surfaces of the same name, without a warning",
          "[pbrt][materials]") {
    // Roughness values pass as they are, with lrt's remaproughness (alpha = sqrt(roughness))
    // unless pbrt-v4's is false; u and v stay apart; the coated conductor keeps its prefixes; a
    // reflectance texture becomes the surface's Color texture under a reflectance of 1; a float
    // texture stands for its parameter.
    const std::string text = R"(WorldBegin
Material "dielectric" "float eta" 1.7 "float roughness" 0.25
Shape "sphere"
Material "conductor" "float uroughness" 0.04 "float vroughness" 0.4 "bool remaproughness" false
  "rgb eta" [0.2 0.9 1.1] "rgb k" [3.9 2.4 2.1]
Shape "sphere"
Texture "t" "spectrum" "checkerboard" "rgb tex1" [1 0 0]
Material "coatedconductor" "float interface.roughness" 0.16 "float conductor.roughness" 0.09
  "texture reflectance" "t" "rgb albedo" [0.6 0.3 0.2] "float thickness" 0.05
Shape "sphere"
Texture "rough" "float" "fbm"
Material "coateddiffuse" "rgb reflectance" [0.2 0.4 0.6] "integer maxdepth" 20 "float g" 0.3
  "texture roughness" "rough"
Shape "sphere"
Material "thindielectric" "float eta" 1.6
Shape "sphere"
Material "diffusetransmission" "rgb reflectance" [0.35 0.3 0.2] "rgb transmittance" [0.3 0.5 0.6]
Shape "sphere"
)";
    const auto frames = importedWithoutWarnings(text);
    const auto& shapes = frames.at(0).world.shapes;
    REQUIRE(shapes.size() == 6);
    const auto number = [&](std::size_t shape, const char* name) {
        const Parameter* p = shapes.at(shape).attributes->surface.parameters.find(name);
        return p ? p->numbers : std::vector<double>{};
    };
    const auto surface = [&](std::size_t shape) {
        return shapes.at(shape).attributes->surface.name;
    };
    CHECK(surface(0) == "dielectric");
    CHECK(number(0, "eta") == std::vector<double>{1.7f});
    CHECK(number(0, "roughness") == std::vector<double>{0.25});
    CHECK(number(0, "remaproughness") == std::vector<double>{1});
    CHECK(surface(1) == "conductor");
    CHECK(number(1, "uroughness").at(0) == Approx(0.04));
    CHECK(number(1, "vroughness").at(0) == Approx(0.4));
    CHECK(number(1, "remaproughness") == std::vector<double>{0});
    CHECK(number(1, "k").size() == 3);
    CHECK(surface(2) == "coatedconductor");
    CHECK(number(2, "interface.roughness").at(0) == Approx(0.16));
    CHECK(number(2, "conductor.roughness").at(0) == Approx(0.09));
    CHECK(number(2, "remaproughness") == std::vector<double>{1});
    CHECK(number(2, "reflectance") == std::vector<double>{1, 1, 1});
    CHECK(shapes.at(2).attributes->colorTexture != nullptr);
    CHECK(number(2, "thickness").at(0) == Approx(0.05));
    CHECK(surface(3) == "coateddiffuse");
    CHECK(shapes.at(3).attributes->color == Color(0.2f, 0.4f, 0.6f));
    const auto& textures = shapes.at(3).attributes->parameterTextures;
    REQUIRE(textures.contains("roughness"));
    CHECK(textures.at("roughness").texture->type == "fbm");
    CHECK(number(3, "roughness").empty());
    CHECK(number(3, "maxdepth") == std::vector<double>{20});
    CHECK(number(3, "g").at(0) == Approx(0.3));
    CHECK(surface(4) == "thindielectric");
    CHECK(surface(5) == "diffusetransmission");
    CHECK(shapes.at(5).attributes->color == Color(0.35f, 0.3f, 0.2f));
    CHECK(number(5, "transmittance").at(1) == Approx(0.5));
    // And every one of them builds and renders.
    CHECK_NOTHROW(renderPbrt(kHeadOn + text.substr(std::string("WorldBegin\n").size())));
}

TEST_CASE("a pbrt-v4 scene's files are named relative to the main scene file", "[pbrt]") {
    // pbrt-v4's own layout: the main file Imports geometry/, whose files name geometry/ again.
    const auto main = testing::scratchFile("tree/main.pbrt");
    std::ofstream(testing::scratchFile("tree/geometry/quad.pbrt"))
        << "Shape \"plymesh\" \"string filename\" \"geometry/quad.ply\"\n";
    std::ofstream(testing::scratchFile("tree/geometry/quad.ply"))
        << "ply\nformat ascii 1.0\nelement vertex 4\nproperty float x\nproperty float y\n"
           "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
           "end_header\n-1 -1 0\n1 -1 0\n1 1 0\n-1 1 0\n4 0 1 2 3\n";
    std::ofstream(main) << kHeadOn << "Import \"geometry/quad.pbrt\"\n";
    const auto frames = parsePbrtFile(main);
    EmbreeDevice device;
    const auto scene = buildScene(frames.at(0), device.get(), testing::bundledData());
    const Image image = render(*scene, {}).image;
    CHECK(testing::pixel(image, 8, 8).r == Approx(0.5f).epsilon(1e-5)); // the default diffuse
}

TEST_CASE("flat bilinear patches are exactly their two triangles and Loop surfaces are refined",
          "[pbrt]") {
    const Image patch = renderPbrt(
        kHeadOn + "Shape \"bilinearmesh\" \"point3 P\" [-1 -1 0  1 -1 0  -1 1 0  1 1 0]\n");
    const Image triangles = renderPbrt(kHeadOn + kQuad);
    CHECK(patch.pixels == triangles.pixels);
    const auto frames = parsePbrtString(
        kHeadOn + "Shape \"loopsubdiv\" \"integer levels\" 2 \"point3 P\" [0 0 1  1 0 -1  -1 1 "
                  "-1  -1 -1 -1] \"integer indices\" [0 1 2  0 2 3  0 3 1  1 3 2]\n",
        "test.pbrt");
    const lrt::Parameter* indices = frames.at(0).world.shapes.at(0).parameters.find("indices");
    REQUIRE(indices);
    CHECK(indices->numbers.size() == 3 * 4 * 16); // each level makes four triangles of one
}

TEST_CASE("what lrt cannot render exactly is a warning at the statement", "[pbrt]") {
    const auto warnings = warningsOf(kHeadOn + R"(Material "hair"
Shape "sphere" "float radius" 1 "float foo" 2
MakeNamedMaterial "a" "string type" "diffuse"
MakeNamedMaterial "b" "string type" "dielectric"
Texture "p" "spectrum" "ptex" "string filename" "x.ptex"
)");
    REQUIRE(warnings.size() == 3);
    CHECK(warnings[0] == "9:1: Material \"hair\" is not supported: a diffuse surface of its "
                         "reflectance stands in");
    CHECK(warnings[1] == "10:33: Shape \"sphere\": parameter \"float foo\" is not used by lrt");
    CHECK(warnings[2] == "13:1: Texture \"p\" \"ptex\" is not supported: a constant 0.5 stands in");
}

TEST_CASE("malformed pbrt-v4 input is refused at its place with every error at once", "[pbrt]") {
    CHECK(errorOf("Cmaera \"perspective\"\nWorldBegin\n") ==
          "1:1: unknown pbrt-v4 statement 'Cmaera'; did you mean 'Camera'?\n");
    CHECK(errorOf("WorldBegin\nShape \"sphere\" \"float radius\" \"big\"\n"
                  "NamedMaterial \"none\"\nLightSource \"goniometric\"\n") ==
          "2:31: parameter 'radius' is a float and needs numbers\n"
          "3:15: unknown named material \"none\"\n"
          "4:13: LightSource \"goniometric\" is not supported by lrt (its image-defined emission "
          "has no counterpart)\n");
    CHECK(errorOf("Shape \"sphere\"\n") == "1:1: Shape belongs after WorldBegin\n");
    CHECK(errorOf("WorldBegin\nShape \"trianglemesh\" \"point3 P\" [0 0 0 1 0 0 0 1 0] "
                  "\"integer indices\" [0 1 3]\n") == "2:53: index 3 is outside the 3 positions\n");
    CHECK(errorOf("WorldBegin\nShape \"sphere\" \"float radius\" [1] \"float radius\" [2]\n") ==
          "2:35: parameter 'radius' is given twice\n");
    CHECK(errorOf("WorldBegin\nInclude \"missing.pbrt\"\n") ==
          "2:9: included file './missing.pbrt' not found\n");
    CHECK(errorOf("Film \"rgb\" \"integer xresolution\" 0\nWorldBegin\n") ==
          "1:12: xresolution is 0, outside its domain: an integer in [1, 65536]\n");
    // The block stack is the .lrt reader's (renderer/parser/graphics_stack.h), with its words.
    CHECK(errorOf("WorldBegin\nAttributeBegin\nTransformBegin\nAttributeEnd\n") ==
          "4:1: AttributeEnd closes TransformBegin opened at line 3\n");
    CHECK(errorOf("WorldBegin\nAttributeEnd\n") == "2:1: AttributeEnd without AttributeBegin\n");
}

TEST_CASE("pbrt-v4's texture mappings and texture space become lrt's", "[pbrt][textures]") {
    const std::string text = R"(WorldBegin
AttributeBegin
  Translate 1 2 3
  Texture "planar" "spectrum" "imagemap" "string filename" "x.png" "string mapping" "planar"
    "vector3 v1" [0 0 1] "vector3 v2" [1 0 0] "float udelta" 0.25 "float vdelta" 0.5
  Texture "d" "spectrum" "dots" "rgb inside" [1 0 0] "rgb outside" [0 0 1]
AttributeEnd
Material "diffuse" "texture reflectance" "planar"
Shape "trianglemesh" "point3 P" [0 0 0 1 0 0 0 1 0] "integer indices" [0 1 2]
Material "diffuse" "texture reflectance" "d"
Shape "trianglemesh" "point3 P" [0 0 0 1 0 0 0 1 0] "integer indices" [0 1 2]
)";
    const auto frames = importedWithoutWarnings(text);
    const auto& shapes = frames.at(0).world.shapes;
    REQUIRE(shapes.size() == 2);
    // Reflectance textures are clamped to [0, 1] as pbrt-v4's diffuse clamps them.
    const TextureDescription& clamp = *shapes[0].attributes->colorTexture;
    CHECK(clamp.type == "clamp");
    const TextureDescription& image = *clamp.inputs.at("tex");
    CHECK(image.type == "imagemap");
    CHECK(image.parameters.getString("mapping", "") == "planar");
    CHECK(image.parameters.getPoint("v1", {}) == Vec3{0, 0, 1});
    // pbrt-v4 reads the image at (s, 1 - t): lrt's t' = -t + (1 - vdelta).
    CHECK(image.parameters.getFloat("vscale", 0) == -1);
    CHECK(image.parameters.getFloat("vdelta", 0) == 0.5f);
    CHECK(image.parameters.getFloat("udelta", 0) == 0.25f);
    // Texture space is world space under the inverse of the transform at the Texture statement.
    CHECK(image.worldToTexture.point({1, 2, 3}) == Vec3{0, 0, 0});
    // pbrt-v4 shows "inside" between its dots: lrt's dots get it as "outside".
    const TextureDescription& dots = *shapes[1].attributes->colorTexture->inputs.at("tex");
    CHECK(dots.type == "dots");
    CHECK(dots.inputs.at("outside")->parameters.getColor("value", {}) == Color(1, 0, 0));
    CHECK(dots.inputs.at("inside")->parameters.getColor("value", {}) == Color(0, 0, 1));
}

TEST_CASE("malformed pbrt-v4 textures, mixes and alphas are errors at their place", "[pbrt]") {
    CHECK_THAT(errorOf("WorldBegin\nTexture \"t\" \"float\" \"checkerboard\" \"integer dimension\" "
                       "4\n"),
               Catch::StartsWith("2:") &&
                   Catch::Contains("a checkerboard has dimension 2 or 3, not 4"));
    CHECK_THAT(errorOf("WorldBegin\nTexture \"t\" \"float\" \"dots\" \"string mapping\" "
                       "\"cubic\"\n"),
               Catch::StartsWith("2:") && Catch::Contains("unknown texture mapping \"cubic\""));
    CHECK_THAT(errorOf("WorldBegin\nMakeNamedMaterial \"a\" \"string type\" \"diffuse\"\n"
                       "Material \"mix\" \"string materials\" [\"a\" \"b\"]\n"),
               Catch::StartsWith("3:") && Catch::Contains("unknown named material \"b\""));
    CHECK_THAT(errorOf("WorldBegin\nMaterial \"mix\" \"string materials\" [\"a\"]\n"),
               Catch::Contains("Material \"mix\" needs \"string materials\" with two names"));
    CHECK_THAT(errorOf("WorldBegin\nShape \"sphere\" \"texture alpha\" \"none\"\n"),
               Catch::StartsWith("2:") && Catch::Contains("unknown texture \"none\""));
}
