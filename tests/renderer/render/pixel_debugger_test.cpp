// The pixel debugger: the sample it traces again is the render's own (its pixel equals the
// render's, bitwise), and what it records of the hit's program agrees with the geometry worked
// out by hand. Reproduce a failure with `lrt debug SCENE --pixel X,Y`.
#include "renderer/import/scene_file.h"
#include "renderer/render/pixel_debugger.h"
#include "slvm/sl/registers.h"
#include "tests/renderer/determinism.h"
#include "tests/renderer/render_test_support.h"

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <numbers>

using namespace lrt;
namespace sl = slvm::sl;

namespace {

// A wall at z = 5 facing the camera, lit by a point light at the camera, shaded by Lambert.sl;
// one jittered sample per pixel, each pixel its own sample alone (a box filter one pixel wide).
const std::string kWall = R"(Format 9 9 1
PixelSamples 1 1
PixelFilter "box" 1 1
Projection "perspective" "fov" [60]
WorldBegin
LightSource "pointlight" "from" [0 0 0] "intensity" [2]
Surface "Lambert" "Kd" [0.8]
Polygon "P" [-20 -20 5  20 -20 5  20 20 5  -20 20 5]
WorldEnd
)";

bool sameBits(Color a, Color b) {
    return testing::sameBits(std::array{a.r, a.g, a.b}, std::array{b.r, b.g, b.b});
}

} // namespace

TEST_CASE("the debugged sample is the render's: its pixel is the 1-spp render's, bitwise",
          "[debug][render]") {
    const auto loaded =
        testing::loadScene(testing::bundledScene("shaders.lrt"), LRT_SOURCE_DIR "/scenes");
    RenderSettings settings;
    settings.samplesPerPixel = 1;
    settings.seed = 7;
    const RenderResult full = render(*loaded.scene, settings);
    const Image& image = full.image;
    for (const auto& [x, y] : {std::pair{0, 0},
                               {image.width / 2, image.height / 2},
                               {image.width - 1, image.height / 3}}) {
        INFO("scenes/shaders.lrt, pixel " << x << "," << y << ", seed 7");
        const PixelDebug d = debugPixel(*loaded.scene, settings, x, y, 0);
        const float* expected =
            &image.pixels[(static_cast<std::size_t>(y) * image.width + x) * image.channels];
        CHECK(sameBits(d.color, Color{expected[0], expected[1], expected[2]}));
    }
}

TEST_CASE("the debugger records the hit and the shader's run as the geometry says",
          "[debug][render]") {
    const auto loaded = testing::loadScene(kWall);
    const PixelDebug d = debugPixel(*loaded.scene, {}, 4, 4, 0);
    // The box filter makes the pixel its one sample.
    CHECK(sameBits(d.color, d.radiance));
    REQUIRE(d.hit);
    // The camera looks down +z from the origin: the hit is where the ray meets z = 5.
    const Vec3 dir = normalize(d.ray.direction);
    const Vec3 p = dir * (5.0f / dir.z);
    CHECK(d.hit->p.x == Approx(p.x).margin(1e-5));
    CHECK(d.hit->p.y == Approx(p.y).margin(1e-5));
    CHECK(d.hit->p.z == Approx(5.0f));
    CHECK(d.hit->primitive->surface == "Lambert");
    CHECK(d.hit->primitive->origin == "polygon at test.lrt:8");

    // One light, one run: inputs as the geometry gives them, v0 the sample's radiance.
    REQUIRE(d.runs.size() == 1);
    const ProgramRun& run = d.runs[0];
    CHECK(run.light == 0);
    CHECK(run.result.status == slvm::ExecutionStatus::Ok);
    CHECK(run.steps.size() == run.result.executed);
    CHECK(run.steps.front().pc == 0);
    const float r2 = lengthSquared(p);
    const float cosine = dir.z; // between the wall's normal (0, 0, -1) and the way to the light
    const float dE = 2.0f / r2 / std::numbers::pi_v<float>;
    const sl::Float4& L = run.inputs.vector(sl::reg::L);
    CHECK(L[0] == Approx(-dir.x).margin(1e-5));
    CHECK(L[2] == Approx(-dir.z).margin(1e-5));
    CHECK(run.inputs.vector(sl::reg::N)[2] == Approx(-1.0f));
    CHECK(run.inputs.vector(sl::reg::dE)[0] == Approx(dE).epsilon(1e-5));
    CHECK(run.inputs.scalar(sl::reg::Kd) == 0.8f);
    const sl::Float4& v0 = run.outputs.vector(sl::reg::v0);
    CHECK(v0[0] == Approx(dE * 0.8f * cosine).epsilon(1e-5));
    CHECK(sameBits(Color{v0[0], v0[1], v0[2]}, d.radiance));
    // Only the camera ray's first hit is recorded, and only while debugging.
    CHECK(run.program != nullptr);
}

TEST_CASE("the debugger refuses a pixel or a sample the render does not have", "[debug][render]") {
    const auto loaded = testing::loadScene(kWall);
    CHECK_THROWS_WITH(debugPixel(*loaded.scene, {}, 9, 0, 0), "pixel 9,0 is outside the 9x9 image");
    CHECK_THROWS_WITH(debugPixel(*loaded.scene, {}, 0, 0, 1),
                      "sample 1 is outside the render's 1 samples per pixel (0 to 0)");
}

TEST_CASE("on every bundled scene, the debugged sample is the one the render filters",
          "[debug][render][bundled]") {
    // With a one-pixel box filter a pixel at 1 spp is its one sample alone: the debugger's
    // `color` (a render of the pixel) and `radiance` (the sample traced again) must be the same.
    const std::vector<std::filesystem::path> scenes = testing::bundledSceneFiles();
    CHECK(scenes.size() >= 11);
    const EmbreeDevice device;
    RenderSettings settings;
    settings.samplesPerPixel = 1;
    for (const auto& path : scenes) {
        FrameDescription frame = readScene(path).at(0);
        frame.options.film.filter = {"box", std::array<float, 2>{1, 1}, {}};
        const auto scene = buildScene(frame, device.get(), testing::bundledData());
        const int w = scene->film().xResolution, h = scene->film().yResolution;
        for (const auto& [x, y] : {std::pair{w / 2, h / 2}, {w / 3, h / 2}, {w / 2, 2 * h / 3}}) {
            INFO(path.string() << " with PixelFilter \"box\" 1 1, pixel " << x << "," << y
                               << ": lrt debug --spp 1 --pixel " << x << "," << y);
            const PixelDebug d = debugPixel(*scene, settings, x, y, 0);
            if (d.radiance.isFinite())
                CHECK(sameBits(d.color, d.radiance));
            else
                CHECK(sameBits(d.color, Color{})); // a dropped sample leaves the pixel black
            for (const ProgramRun& run : d.runs)
                CHECK(run.steps.size() ==
                      std::min<std::uint64_t>(run.result.executed, ProgramRecorder::kMaxSteps));
        }
    }
}

TEST_CASE("the debugger lists a signed-distance shape's march", "[debug][render][sdf]") {
    // A unit sphere (sdf/sphere.exr: |p| - 1) at z = 5 in front of the camera.
    const auto loaded = testing::loadScene(R"(Format 9 9 1
PixelSamples 1 1
Projection "perspective" "fov" [10]
WorldBegin
Translate 0 0 5
Shape "sdf" "string card" "sdf/sphere.exr" "float bound" [1.01]
WorldEnd
)",
                                           LRT_SOURCE_DIR);
    const PixelDebug d = debugPixel(*loaded.scene, {}, 4, 4, 0);
    REQUIRE(d.hit);
    REQUIRE(d.march);
    const auto& steps = *d.march;
    REQUIRE(steps.size() >= 2);
    // The march enters the bound (radius 1.01, so about 3.99 along the near-axial ray), steps
    // by the distance, and stops on the surface, at the hit.
    CHECK(steps.front().t == Approx(3.99f).margin(0.01));
    for (std::size_t i = 1; i < steps.size(); ++i)
        CHECK(steps[i].t > steps[i - 1].t);
    CHECK(std::fabs(steps.back().distance) < 1e-3f);
    CHECK(steps.back().t == Approx(d.hit->t).epsilon(1e-4));
    CHECK(d.hit->t == Approx(4.0f).epsilon(1e-3));

    const auto wall = testing::loadScene(kWall);
    CHECK_FALSE(debugPixel(*wall.scene, {}, 4, 4, 0).march); // no march for other shapes
}

TEST_CASE("the debugger runs the hit triangle's vertices through their vertex program again",
          "[debug][render][vp2]") {
    // tests/data/debug/shifted.lrt: the wall moved from z = 5 to z = 6 by a program that adds
    // c[0] to each position.
    const auto frames = readScene(LRT_SOURCE_DIR "/tests/data/debug/shifted.lrt");
    const EmbreeDevice device;
    BuildOptions options = testing::bundledData();
    for (const bool keep : {true, false}) {
        options.keepVertexInputs = keep;
        const auto scene = buildScene(frames.at(0), device.get(), options);
        const PixelDebug d = debugPixel(*scene, {}, 4, 4, 0);
        REQUIRE(d.hit);
        CHECK(d.hit->p.z == Approx(6.0f));
        if (!keep) {
            CHECK(d.vertices.empty()); // nothing kept, nothing to show
            continue;
        }
        CHECK_THAT(d.vertexProgram, Catch::EndsWith("shift.vp"));
        REQUIRE(d.vertices.size() == 3);
        const auto opos = slvm::vp2::attributeIndex(slvm::vp2::Attribute::OPOS);
        const auto hpos = static_cast<std::size_t>(slvm::vp2::Result::HPOS);
        for (const VertexRun& v : d.vertices) {
            INFO("vertex " << v.vertex);
            CHECK(v.vertex >= 0);
            CHECK(v.vertex < 4);
            const slvm::vp2::Vector4& in = v.attributes[opos];
            CHECK(std::fabs(in[0]) == 20.0f); // a corner of the polygon as written
            CHECK(std::fabs(in[1]) == 20.0f);
            CHECK(in[2] == 5.0f);
            CHECK(v.results[hpos] == slvm::vp2::Vector4{in[0], in[1], 6.0f, 1.0f});
            CHECK(v.result.status == slvm::ExecutionStatus::Ok);
        }
        CHECK(d.vertexProgramWrites[hpos]);
        CHECK_FALSE(d.vertexProgramWrites[static_cast<std::size_t>(slvm::vp2::Result::COL0)]);
    }
}
