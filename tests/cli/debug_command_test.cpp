// `lrt debug` as docs/preview.md specifies it: the pixel as `lrt render --spp 1` makes it, the
// hit, and the trace of a Cg shader naming the source line of each instruction.
#include "renderer/image/image_file.h"
#include "run_lrt.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

using lrt::testing::jsonOutput;
using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::writeScratchFile;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A wall at z = 5 lit from the camera, shaded by WallLambert.cg (shaders/Lambert.cg under a name
// of its own, so that no bundled .sl shadows it), each pixel its one sample alone.
fs::path wallScene() {
    writeScratchFile("WallLambert.cg", lrt::testing::slurp(LRT_SOURCE_DIR "/shaders/Lambert.cg"));
    return writeScratchFile("wall.lrt", R"(Format 9 9 1
PixelSamples 1 1
PixelFilter "box" 1 1
Option "searchpath" "shader" "."
WorldBegin
LightSource "pointlight" "from" [0 0 0] "intensity" [2]
Surface "WallLambert" "Kd" [0.8]
Polygon "P" [-20 -20 5  20 -20 5  20 20 5  -20 20 5]
WorldEnd
)");
}

} // namespace

TEST_CASE("lrt debug prints the pixel of lrt render --spp 1 and the Cg shader's trace",
          "[cli][debug]") {
    const fs::path scene = wallScene();
    const json j = jsonOutput(runLrt(fmt::format("debug {} --pixel 6,2 --seed 3", q(scene))));
    CHECK(j["pixel"] == json::array({6, 2}));
    CHECK(j["sample"] == 0);
    CHECK(j["samplesPerPixel"] == 1);

    const fs::path exr = scratchPath("wall.exr");
    const auto rendered =
        runLrt(fmt::format("render {} --spp 1 --seed 3 -q -o {}", q(scene), q(exr)));
    REQUIRE(rendered.exitStatus == 0);
    const lrt::Image image = lrt::readImage(exr);
    const float* pixel = &image.pixels[(2 * 9 + 6) * static_cast<std::size_t>(image.channels)];
    // %.9g round-trips a float exactly, read back as a float.
    for (std::size_t c = 0; c < 3; ++c)
        CHECK(j["color"][c].get<float>() == pixel[c]);
    CHECK(j["color"] == j["radiance"]); // a one-pixel box filter: the pixel is its sample

    CHECK(j["hit"]["surface"] == "WallLambert");
    CHECK(j["hit"]["position"][2].get<double>() == Approx(5.0));
    REQUIRE(j["programs"].size() == 1);
    const json& run = j["programs"][0];
    CHECK(run["light"] == 0);
    CHECK(run["status"] == "ok");
    CHECK(run["traceComplete"] == true);
    CHECK(run["result"] == j["radiance"]);
    CHECK(run["inputs"]["Kd"] == 0.800000012);
    const json& trace = run["trace"];
    REQUIRE(trace.size() == run["executed"].get<std::size_t>());
    // Every instruction the compiler made names its Cg line; the lit path runs lines 11, 12, 14.
    std::set<int> lines;
    for (const json& step : trace) {
        INFO(step.dump());
        CHECK(!step["instruction"].get<std::string>().empty());
        REQUIRE(step.contains("source"));
        CHECK(step["source"]["file"].get<std::string>().ends_with("WallLambert.cg"));
        lines.insert(step["source"]["line"].get<int>());
    }
    CHECK(lines.contains(11));
    CHECK(lines.contains(14));
    CHECK_FALSE(lines.contains(13)); // the unlit return is not taken
}

TEST_CASE("lrt debug refuses bad flags with exit 2 and a bad scene with exit 1", "[cli][debug]") {
    const fs::path scene = wallScene();
    const auto outside = runLrtInProcess(fmt::format("debug {} --pixel 9,0", q(scene)));
    CHECK(outside.exitStatus == 2);
    CHECK_THAT(outside.err, Catch::Contains("--pixel 9,0 is outside the 9x9 image"));
    CHECK(runLrtInProcess(fmt::format("debug {} --pixel 1", q(scene))).exitStatus == 2);
    CHECK(runLrtInProcess(fmt::format("debug {} --pixel a,b", q(scene))).exitStatus == 2);
    CHECK(runLrtInProcess(fmt::format("debug {}", q(scene))).exitStatus == 2);
    const auto spp = runLrtInProcess(fmt::format("debug {} --pixel 1,1 --spp 0", q(scene)));
    CHECK(spp.exitStatus == 2);
    CHECK_THAT(spp.err,
               Catch::Contains("--spp is 0, outside its domain: an integer in [1, 1048576]"));
    const auto sample = runLrtInProcess(fmt::format("debug {} --pixel 1,1 --sample 1", q(scene)));
    CHECK(sample.exitStatus == 2);
    CHECK_THAT(sample.err, Catch::Contains("--sample 1 is outside the render's 1 samples"));
    const fs::path bad = writeScratchFile("bad.lrt", "WorldBegin\nSphere 1 -1 1 360 \"Kd\"\n");
    const auto broken = runLrtInProcess(fmt::format("debug {} --pixel 0,0", q(bad)));
    CHECK(broken.exitStatus == 1);
    CHECK_THAT(broken.err, Catch::Contains("bad.lrt:2:"));
    CHECK(broken.out.empty());
}

TEST_CASE("lrt debug shows the hit triangle's vertices through their vertex program",
          "[cli][debug][vp2]") {
    const fs::path scene = LRT_SOURCE_DIR "/tests/data/debug/shifted.lrt";
    const json j = jsonOutput(runLrt(fmt::format("debug {} --pixel 4,4", q(scene))));
    const json& vp = j["vertexProgram"];
    CHECK(vp["program"].get<std::string>().ends_with("shift.vp"));
    REQUIRE(vp["vertices"].size() == 3);
    for (const json& v : vp["vertices"]) {
        INFO(v.dump());
        CHECK(v["status"] == "ok");
        CHECK(v["inputs"]["OPOS"][2] == 5);
        CHECK(v["outputs"]["HPOS"][2] == 6); // v[OPOS] + c[0]
        CHECK(v["outputs"].size() == 1);     // the one result it writes
    }
    CHECK(jsonOutput(runLrt(fmt::format("debug {} --pixel 4,4", q(wallScene()))))["vertexProgram"]
              .is_null());
}
