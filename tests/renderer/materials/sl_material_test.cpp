// SL shaders as materials: equivalence with the built-ins, register set-up at known hits,
// textures, trace depth and the budget.
#include "../render_test_support.h"
#include "renderer/integrators/surface_interaction.h"
#include "renderer/materials/sl_material.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <numbers>
#include <sstream>

using namespace lrt;
namespace sl = slvm::sl;

namespace {

void requireSameImage(const Image& actual, const Image& expected, float tolerance) {
    REQUIRE(actual.pixels.size() == expected.pixels.size());
    for (int y = 0; y < actual.height; ++y)
        for (int x = 0; x < actual.width; ++x)
            for (int c = 0; c < 3; ++c) {
                const float a = actual.at(x, y, c), e = expected.at(x, y, c);
                if (std::fabs(a - e) > tolerance * std::fabs(e) + 1e-7f)
                    FAIL(fmt::format("pixel ({}, {}) channel {}: {} vs {}", x, y, c, a, e));
            }
}

// A sphere on a plane under a distant, a point, a spot and an area light.
std::string litScene(const std::string& surface) {
    return fmt::format(R"(Format 48 36 1
PixelSamples 2 2
Projection "perspective" "fov" [45]
LookAt 0 2 -6  0 0.5 0  0 1 0
WorldBegin
LightSource "distantlight" "from" [1 3 -2] "to" [0 0 0] "intensity" [1.5]
LightSource "pointlight" "from" [-2 3 -1] "intensity" [8] "lightcolor" [1 0.8 0.6]
LightSource "spotlight" "from" [2 4 -3] "to" [0 0 0] "intensity" [20] "coneangle" [25]
AttributeBegin
  AreaLightSource "arealight" "intensity" [3]
  Surface "matte" "Kd" [0]
  Translate 0 3 0
  Rotate 90 1 0 0
  Disk 0 0.7 360
AttributeEnd
Surface {}
AttributeBegin
  Color [0.9 0.5 0.3]
  Translate 0 1 0
  Sphere 1 -1 1 360
AttributeEnd
Polygon "P" [-5 0 -5  5 0 -5  5 0 5  -5 0 5]
WorldEnd
)",
                       surface);
}

} // namespace

TEST_CASE("the SL Lambertian shader renders the same image as built-in matte", "[sl][materials]") {
    const Image matte = testing::renderText(litScene("\"matte\" \"Kd\" [0.7]"));
    const Image lambert = testing::renderText(litScene("\"Lambert\" \"Kd\" [0.7]"));
    requireSameImage(lambert, matte, 1e-4f);
    CHECK(matte.at(24, 18, 0) > 0.05f); // the scene is lit
}

TEST_CASE("the SL mirror shader renders the same image as built-in mirror", "[sl][materials]") {
    auto scene = [](const std::string& surface) {
        return fmt::format(R"(Format 40 30 1
PixelSamples 1 1
Projection "perspective" "fov" [40]
LookAt 0 1 -5  0 1 0  0 1 0
Imager "background" "bgcolor" [0.2 0.3 0.5]
WorldBegin
LightSource "distantlight" "from" [1 2 -3] "to" [0 0 0]
Surface "matte"
AttributeBegin Color [0.9 0.2 0.2] Polygon "P" [-5 0 -5  5 0 -5  5 0 5  -5 0 5] AttributeEnd
AttributeBegin Color [0.2 0.9 0.2] Polygon "P" [-5 0 5  5 0 5  5 5 5  -5 5 5] AttributeEnd
AttributeBegin
  Surface {}
  Translate 0 1 0
  Sphere 1 -1 1 360
AttributeEnd
WorldEnd
)",
                           surface);
    };
    requireSameImage(testing::renderText(scene("\"Mirror\" \"Kr\" [1]")),
                     testing::renderText(scene("\"mirror\"")), 1e-4f);
}

TEST_CASE("registers at a known hit on a sphere", "[sl][materials]") {
    const testing::LoadedScene loaded = testing::loadScene(R"(Format 8 8 1
WorldBegin
Surface "Lambert" "Kd" [0.25] "Ks" [0.75] "roughness" [0.2] "Kr" [0.1] "Kt" [0.2] "Ka" [0.3] "eta" [1.5]
  "specularcolor" [0.1 0.2 0.3] "r1" [1 2 3] "s2" [4] "t3" [0.5 0.6 0.7]
Color [0.8 0.6 0.4]
Translate 0 0 5
Sphere 2 -2 2 360
WorldEnd
)");
    const Ray ray{{0, 0, 0}, {0, 0, 1}};
    const auto hit = loaded.scene->intersect(ray);
    REQUIRE(hit);
    const auto* material = dynamic_cast<const SlMaterial*>(hit->primitive->material);
    REQUIRE(material);
    const ShadingPoint point = shadingPoint(*hit, ray);
    const sl::RegisterFile r = material->registersAt(point, {0, 1, 0}, Color{3, 6, 9});
    auto checkVector = [&](int index, sl::Float4 expected) {
        INFO("register " << sl::registerInfo(index).name);
        for (int i = 0; i < 4; ++i)
            CHECK(r.vector(index)[i] == Approx(expected[i]).margin(1e-5));
    };
    checkVector(sl::reg::C0, {0.8f, 0.6f, 0.4f, 1});
    checkVector(sl::reg::C1, {0.1f, 0.2f, 0.3f, 1});
    checkVector(sl::reg::P, {0, 0, -2, 1}); // object space: the sphere's south pole
    checkVector(sl::reg::Pw, {0, 0, 3, 1}); // world space
    checkVector(sl::reg::N, {0, 0, -1, 0}); // outward, towards the viewer
    checkVector(sl::reg::V, {0, 0, -1, 0});
    checkVector(sl::reg::L, {0, 1, 0, 0});
    checkVector(sl::reg::dE, {3 / std::numbers::pi_v<float>, 6 / std::numbers::pi_v<float>,
                              9 / std::numbers::pi_v<float>, 0});
    checkVector(sl::reg::uv, {0, 0, 0, 0}); // phi = 0, v = 0 at zmin
    checkVector(sl::reg::t3, {0.5f, 0.6f, 0.7f, 1});
    checkVector(sl::reg::t0, {0, 0, 0, 1});
    checkVector(sl::reg::r1, {1, 2, 3, 0});
    CHECK(r.scalar(sl::reg::s2) == 4);
    CHECK(r.scalar(sl::reg::Kd) == 0.25f);
    CHECK(r.scalar(sl::reg::Ks) == 0.75f);
    CHECK(r.scalar(sl::reg::S) == Approx(40)); // 8 / roughness
    CHECK(r.scalar(sl::reg::Kr) == 0.1f);
    CHECK(r.scalar(sl::reg::Kt) == 0.2f);
    CHECK(r.scalar(sl::reg::Ka) == 0.3f);
    CHECK(r.scalar(sl::reg::I) == Approx(1 / 1.5f)); // entering: old index / new index
    // The derivatives are the sphere's: at the pole dP/du vanishes, dP/dv points along +x.
    CHECK(length(Vec3{r.vector(sl::reg::du)[0], r.vector(sl::reg::du)[1],
                      r.vector(sl::reg::du)[2]}) == Approx(0).margin(1e-5));
    CHECK(r.vector(sl::reg::dv)[0] == Approx(2 * std::numbers::pi_v<float>).epsilon(1e-4));
}

TEST_CASE("registers at a known hit on a triangle", "[sl][materials]") {
    const testing::LoadedScene loaded = testing::loadScene(R"(Format 8 8 1
WorldBegin
Surface "Lambert"
Translate 0 0 4
Shape "trianglemesh" "indices" [0 1 2] "P" [-1 -1 0  3 -1 0  -1 3 0] "st" [0 0  2 0  0 4]
  "N" [0 0 -1  0 0 -1  0 0 -1] "Cs" [1 0 0  0 1 0  0 0 1]
WorldEnd
)");
    const Ray ray{{0, 0, 0}, {0, 0, 1}};
    const auto hit = loaded.scene->intersect(ray);
    REQUIRE(hit);
    const auto* material = dynamic_cast<const SlMaterial*>(hit->primitive->material);
    const sl::RegisterFile r = material->registersAt(shadingPoint(*hit, ray), {0, 0, -1}, Color{});
    // (0, 0) = 0.5 p0 + 0.25 p1 + 0.25 p2, so (u, v) = (s, t) = 0.5 st0 + 0.25 st1 + 0.25 st2.
    CHECK(r.vector(sl::reg::uv)[0] == Approx(0.5f));
    CHECK(r.vector(sl::reg::uv)[1] == Approx(1.0f));
    CHECK(r.vector(sl::reg::P)[0] == Approx(0).margin(1e-6));
    CHECK(r.vector(sl::reg::P)[2] == Approx(0).margin(1e-6));
    CHECK(r.vector(sl::reg::N)[2] == Approx(-1));
    // s = 2 (x + 1) / 4 and t = 4 (y + 1) / 4: dP/ds = (2, 0, 0) and dP/dt = (0, 1, 0), which are
    // also dP/du and dP/dv.
    CHECK(r.vector(sl::reg::ds)[0] == Approx(2));
    CHECK(r.vector(sl::reg::ds)[1] == Approx(0).margin(1e-6));
    CHECK(r.vector(sl::reg::dt)[1] == Approx(1));
    CHECK(r.vector(sl::reg::du)[0] == Approx(2));
    CHECK(r.vector(sl::reg::dv)[1] == Approx(1));
    // Cs interpolated: 0.5 red + 0.25 green + 0.25 blue.
    CHECK(r.vector(sl::reg::C0)[0] == Approx(0.5f));
    CHECK(r.vector(sl::reg::C0)[1] == Approx(0.25f));
}

TEST_CASE("textures bound to t0 are sampled at (s, t) and by lookup", "[sl][materials][textures]") {
    // A 4x2 image of distinct texels; the camera looks at a unit square mapped to [0,1]^2.
    const testing::ScratchDirectory dir("lrt_sl_texture_test_");
    Image texture{4, 2, 3, {}};
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x)
            texture.pixels.insert(texture.pixels.end(),
                                  {0.1f * (x + 1), 0.2f * (y + 1), 0.05f * (x + 4 * y)});
    writeImage(dir / "texels.exr", texture);
    std::ofstream(dir / "Texel.sl") << "sl 1.0\nmov v0, t0\n";
    // Looks up at (s + 1, t + 1), which wraps round to (s, t).
    std::ofstream(dir / "Lookup.sl")
        << "sl 1.0\nli s0, 1\nmovc x s1, uv\nadd s1, s1, s0\nlc x r1, s1\n"
           "movc y s1, uv\nadd s1, s1, s0\nlc y r1, s1\nlookup v0, t0, r1\n";
    auto render = [&](const std::string& shader) {
        const std::string scene = fmt::format(R"(Format 12 6 1
PixelSamples 1 1
Option "sampler" "integer jitter" [0]
PixelFilter "box" 1 1
Projection "orthographic"
ScreenWindow 0 1 0 1
FrameAspectRatio 2
WorldBegin
Surface "{}" "t0" "texels.exr"
Translate 0 0 1
Shape "trianglemesh" "indices" [0 1 2  0 2 3] "P" [0 1 0  1 1 0  1 0 0  0 0 0] "st" [0 0  1 0  1 1  0 1]
WorldEnd
)",
                                              shader);
        const testing::LoadedScene loaded = testing::loadScene(scene, dir.string());
        return lrt::render(*loaded.scene, {}).image;
    };
    // 3x3 pixels per texel: the centre pixel of each block sits on the texel's centre, where the
    // filtered lookup gives the texel exactly.
    const Image direct = render("Texel");
    const Image looked = render("Lookup");
    for (int ty = 0; ty < 2; ++ty)
        for (int tx = 0; tx < 4; ++tx) {
            INFO("texel (" << tx << ", " << ty << ")");
            const int x = 3 * tx + 1, y = 3 * ty + 1;
            CHECK(direct.at(x, y, 0) == Approx(0.1f * (tx + 1)).epsilon(1e-3));
            CHECK(direct.at(x, y, 1) == Approx(0.2f * (ty + 1)).epsilon(1e-3));
            CHECK(direct.at(x, y, 2) == Approx(0.05f * (tx + 4 * ty)).margin(1e-4));
            CHECK(looked.at(x, y, 0) == Approx(direct.at(x, y, 0)).epsilon(1e-3));
            CHECK(looked.at(x, y, 1) == Approx(direct.at(x, y, 1)).epsilon(1e-3));
        }
}

TEST_CASE("trace recursion stops at the configured depth", "[sl][materials]") {
    // Inside a sphere, a shader that adds 0.5 to what it traces along N (into the sphere) sums
    // 0.5 per level: the camera's hit and every traced hit up to the trace depth.
    const testing::ScratchDirectory dir("lrt_sl_trace_test_");
    std::ofstream(dir / "Echo.sl")
        << "sl 1.0\ntrace r0, Pw, N\nli s0, 0.5\nmovc x s1, r0\nadd s0, s0, s1\nlc x v0, s0\n";
    for (const int depth : {0, 1, 2, 4}) {
        const std::string scene = fmt::format(R"(Format 2 2 1
PixelSamples 1 1
SurfaceIntegrator "whitted" "maxdepth" [20]
Option "sl" "integer tracedepth" [{}]
WorldBegin
Surface "Echo"
Sphere 10 -10 10 360
WorldEnd
)",
                                              depth);
        const testing::LoadedScene loaded = testing::loadScene(scene, dir.string());
        INFO("trace depth " << depth);
        CHECK(lrt::render(*loaded.scene, {}).image.at(0, 0, 0) == Approx(0.5f * (depth + 1)));
    }
}

TEST_CASE("missing and broken shaders are scene errors with the shader's diagnostics",
          "[sl][materials]") {
    const testing::ScratchDirectory dir("lrt_sl_broken_test_");
    std::ofstream(dir / "Broken.sl") << "sl 1.0\nmov N, C0\n";
    const std::string scene =
        "Format 4 4 1\nWorldBegin\nSurface \"Broken\"\nSphere 1 -1 1 360\nWorldEnd\n";
    try {
        testing::loadScene(scene, dir.string());
        FAIL("built without error");
    } catch (const SceneError& e) {
        CHECK(e.where().line == 3);
        CHECK_THAT(e.what(), Catch::Contains("Broken.sl:2:5: error: register 'N' is read-only"));
    }
    try {
        testing::loadScene(
            "Format 4 4 1\nWorldBegin\nSurface \"Nowhere\"\nSphere 1 -1 1 360\nWorldEnd\n",
            dir.string());
        FAIL("built without error");
    } catch (const SceneError& e) {
        CHECK(e.where().line == 3);
        CHECK_THAT(
            e.what(),
            Catch::Contains(
                "no Nowhere.slc, Nowhere.sl, Nowhere.cg or Nowhere.t in the shader search path"));
    }
}

TEST_CASE("the spec's four shaders render a small scene", "[sl][materials]") {
    for (const char* shader : {"Constant", "CosAttenuated", "FullAttenuated", "BumpMapping"}) {
        INFO("shader " << shader);
        const Image image = testing::renderText(
            litScene(fmt::format("\"{}\" \"t1\" [0 0 1] \"t0\" [1 1 1]", shader)));
        double sum = 0;
        for (const float v : image.pixels) {
            REQUIRE(std::isfinite(v));
            sum += v;
        }
        CHECK(sum > 0);
    }
}

TEST_CASE("the shader gallery renders every library shader cleanly", "[sl][materials]") {
    const testing::LoadedScene loaded = testing::loadScene(
        testing::bundledScene("shaders.lrt", {{"Format 960 600 1", "Format 96 60 1"}}),
        LRT_SOURCE_DIR "/scenes");
    std::vector<const SlMaterial*> shaders;
    for (const auto& material : loaded.scene->materials())
        if (const auto* shader = dynamic_cast<const SlMaterial*>(material.get()))
            shaders.push_back(shader);
    CHECK(shaders.size() == 19); // 18 spheres and the floor
    RenderSettings settings;
    settings.samplesPerPixel = 1;
    const RenderResult result = lrt::render(*loaded.scene, settings);
    CHECK(result.statistics.droppedSamples == 0);
    for (const SlMaterial* shader : shaders) {
        INFO("shader " << shader->settings().name);
        CHECK(shader->statistics().budgetExhausted == 0);
        CHECK(shader->statistics().nonFinite == 0);
    }
}

TEST_CASE("a program's albedo AOV is what it reflects under a white light: a pattern shows",
          "[sl][materials][aov]") {
    // shaders/Checker.sl: C0 on even squares, r0 on odd ones, as Lambert times Kd. One centred
    // sample a pixel and a one-pixel box filter: each pixel's albedo is one hit's.
    const std::string scene = R"(Format 16 16 1
PixelSamples 1 1
Option "sampler" "integer jitter" [0]
PixelFilter "box" 1 1
Projection "orthographic"
ScreenWindow -1 1 -1 1
WorldBegin
LightSource "distantlight" "from" [0 0 0] "to" [0 0 1]
Color [1 0 0]
Surface "Checker" "s0" [2] "r0" [0 0 1] "Kd" [0.8]
Translate 0 0 1
Shape "trianglemesh" "indices" [0 1 2  0 2 3] "P" [-1 -1 0  1 -1 0  1 1 0  -1 1 0]
WorldEnd
)";
    const testing::LoadedScene loaded = testing::loadScene(scene);
    const RenderResult r = lrt::render(*loaded.scene, {});
    int red = 0, blue = 0;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            const Color a{r.aovs.at(x, y, kAlbedoChannel), r.aovs.at(x, y, kAlbedoChannel + 1),
                          r.aovs.at(x, y, kAlbedoChannel + 2)};
            INFO("pixel (" << x << ", " << y << "): albedo " << a.r << " " << a.g << " " << a.b);
            const bool isRed = a.r == Approx(0.8f) && a.g == 0 && a.b == 0;
            const bool isBlue = a.r == 0 && a.g == 0 && a.b == Approx(0.8f);
            CHECK((isRed || isBlue));
            red += isRed;
            blue += isBlue;
        }
    CHECK(red > 16);
    CHECK(blue > 16);
}
