// `lrt render` and `lrt SCENE.lrt` as docs/scene-format.md specifies them: outputs, exit codes,
// stats.
#include "renderer/image/image_file.h"
#include "run_lrt.h"

#include <OpenImageIO/imageio.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>

using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::writeScratchFile;
namespace fs = std::filesystem;

namespace {

const char* kTinyScene = R"(Format 24 16 1
PixelSamples 2 2
WorldBegin
LightSource "distantlight" "from" [0 0 0] "to" [0 0 1]
Translate 0 0 5
Sphere 2 -2 2 360
WorldEnd
)";

} // namespace

TEST_CASE("lrt SCENE.lrt renders an EXR with metadata and a PNG", "[cli][render]") {
    const fs::path scene = writeScratchFile("tiny.lrt", kTinyScene);
    const fs::path exr = scratchPath("tiny.exr"), png = scratchPath("tiny.png"),
                   stats = scratchPath("stats.json");
    const auto r = runLrt(fmt::format("{} -o {} --quiet --stats {}", q(scene), q(exr), q(stats)));
    INFO("stderr: " << r.err);
    REQUIRE(r.exitStatus == 0);
    CHECK(r.err.empty());
    const lrt::Image image = lrt::readImage(exr);
    CHECK(image.width == 24);
    CHECK(image.height == 16);
    CHECK(image.at(12, 8, 0) > 0.1f); // the lit sphere in the middle
    CHECK(image.at(0, 0, 0) == 0.0f); // black background
    const auto json = nlohmann::json::parse(lrt::testing::slurp(stats));
    CHECK(json["frames"][0]["rays"]["camera"] == 24 * 16 * 4);
    CHECK(json["frames"][0]["samples_per_pixel"] == 4);
    CHECK(json["frames"][0]["quadrics"] == 1);
    // The build's phases; a sphere and no triangles: the quality BVH, whatever the samples.
    for (const char* phase : {"read_seconds", "geometry_seconds", "bvh_build_seconds"})
        CHECK(json["frames"][0][phase] >= 0);
    CHECK(json["frames"][0]["bvh"] == "quality");
    CHECK(json["frames"][0]["bvh_bytes"] > 0);
    CHECK(json["frames"][0]["bytes_per_triangle"] == 0);
    // Whitted (the default integrator) visits every light; so does the path integrator, whose
    // light sampler is the BVH, where there is only one light to pick (no tree is built).
    CHECK(json["frames"][0]["light_sampler"] == "all");
    CHECK(json["frames"][0]["emitters"] == 1);
    CHECK(json["frames"][0]["light_sampler_bytes"] == 0);
    CHECK(json.contains("peak_resident_bytes"));
    CHECK(json["frames"][0]["write_seconds"] > 0);

    REQUIRE(runLrt(fmt::format("{} -o {} --quiet --integrator path --stats {}", q(scene), q(exr),
                               q(stats)))
                .exitStatus == 0);
    const auto path = nlohmann::json::parse(lrt::testing::slurp(stats));
    CHECK(path["frames"][0]["light_sampler"] == "bvh");
    CHECK(path["frames"][0]["light_sampler_bytes"] == 0);
    CHECK(path["frames"][0]["light_sampler_build_seconds"] >= 0);

    REQUIRE(runLrt(fmt::format("render {} -o {} --spp 1 --threads 1 -q", q(scene), q(png)))
                .exitStatus == 0);
    const lrt::Image eight = lrt::readImage(png);
    CHECK(eight.width == 24);
    CHECK(eight.channels == 3);
}

TEST_CASE("progress goes to stderr as NN% lines when not on a terminal", "[cli][render]") {
    const fs::path scene = writeScratchFile("progress.lrt", kTinyScene);
    const auto r = runLrt(fmt::format("{} -o {}", q(scene), q(scratchPath("progress.exr"))));
    REQUIRE(r.exitStatus == 0);
    CHECK_THAT(r.err, Catch::Contains("100%\n"));
    CHECK(r.out.empty());
}

TEST_CASE("a crop writes only its pixels, placed in the full image", "[cli][render]") {
    const fs::path scene = writeScratchFile("crop.lrt", kTinyScene);
    const fs::path exr = scratchPath("crop.exr");
    REQUIRE(runLrt(fmt::format("{} -o {} -q --crop 0.5,1,0,0.5", q(scene), q(exr))).exitStatus ==
            0);
    const lrt::Image image = lrt::readImage(exr);
    CHECK(image.width == 12);
    CHECK(image.height == 8);
    CHECK(image.xOrigin == 12);
    CHECK(image.yOrigin == 0);
    CHECK(image.fullWidth == 24);
    CHECK(image.fullHeight == 16);
}

TEST_CASE("a broken scene exits 1 naming file:line and writes nothing", "[cli][render]") {
    const fs::path scene =
        writeScratchFile("broken.lrt", "Format 10 10 1\nWorldBegin\nSphere 1 -1 1\nWorldEnd\n");
    const fs::path out = scratchPath("broken.exr");
    const auto r = runLrt(fmt::format("{} -o {} -q", q(scene), q(out)));
    CHECK(r.exitStatus == 1);
    CHECK_THAT(r.err, Catch::Contains("broken.lrt:3:1: error: Sphere expects 4 numbers"));
    CHECK_FALSE(fs::exists(out));
    const auto missing = runLrt("render nothere.lrt -q");
    CHECK(missing.exitStatus == 1);
    CHECK_THAT(missing.err, Catch::Contains("scene file 'nothere.lrt' not found"));
    // An error in a later frame stops the render before the first frame is written.
    const fs::path frames = writeScratchFile(
        "frames.lrt", "Format 4 4 1\nFrameBegin 1\nWorldBegin\nWorldEnd\nFrameEnd\n"
                      "FrameBegin 2\nWorldBegin\nSurface \"velvet\"\nSphere 1 -1 1 360\n"
                      "WorldEnd\nFrameEnd\n");
    const auto later = runLrt(fmt::format("{} -o {} -q", q(frames), q(scratchPath("f.####.exr"))));
    CHECK(later.exitStatus == 1);
    CHECK_FALSE(fs::exists(scratchPath("f.0001.exr")));
}

TEST_CASE("multi-frame scenes write one numbered image per frame", "[cli][render]") {
    const fs::path scene =
        writeScratchFile("anim.lrt", "Format 4 4 1\nFrameBegin 1\nWorldBegin\nWorldEnd\nFrameEnd\n"
                                     "FrameBegin 2\nWorldBegin\nWorldEnd\nFrameEnd\n"
                                     "FrameBegin 3\nWorldBegin\nWorldEnd\nFrameEnd\n");
    REQUIRE(
        runLrt(fmt::format("{} -o {} -q", q(scene), q(scratchPath("anim.####.exr")))).exitStatus ==
        0);
    CHECK(fs::exists(scratchPath("anim.0001.exr")));
    CHECK(fs::exists(scratchPath("anim.0003.exr")));
    REQUIRE(runLrt(fmt::format("{} -o {} -q --frames 2-3", q(scene), q(scratchPath("sel.exr"))))
                .exitStatus == 0);
    CHECK_FALSE(fs::exists(scratchPath("sel.0001.exr")));
    CHECK(fs::exists(scratchPath("sel.0002.exr")));
}

TEST_CASE("bad render flags exit 2 before reading the scene", "[cli][render]") {
    const fs::path scene = writeScratchFile("flags.lrt", kTinyScene);
    for (const char* flags :
         {"--spp x", "--crop 0,2,0,1", "--crop 0.5,0.2,0,1", "--tile 3/3", "--tile 1",
          "--frames 5-2", "--integrator photon", "--threads -1", "-o out.xyz", "--bogus"}) {
        INFO("flags: " << flags);
        const auto r = runLrtInProcess(fmt::format("{} -q {}", q(scene), flags));
        CHECK(r.exitStatus == 2);
        CHECK_FALSE(r.err.empty());
    }
}

TEST_CASE("a shader that never ends finishes the render with a budget warning naming it",
          "[cli][render][sl]") {
    writeScratchFile("Forever.sl", "sl 1.0\nloop:\njmp loop\n");
    const fs::path scene =
        writeScratchFile("forever.lrt", "Format 8 8 1\nPixelSamples 1 1\nWorldBegin\n"
                                        "LightSource \"distantlight\"\nSurface \"Forever\"\n"
                                        "Translate 0 0 5\nSphere 1 -1 1 360\nWorldEnd\n");
    const fs::path out = scratchPath("forever.exr"), stats = scratchPath("forever.json");
    const auto r = runLrt(fmt::format("{} -o {} -q --stats {}", q(scene), q(out), q(stats)));
    INFO("stderr: " << r.err);
    REQUIRE(r.exitStatus == 0);
    CHECK(fs::exists(out));
    // A warning is a diagnostic like an error: file:line:column, severity, message.
    CHECK_THAT(r.err, Catch::Contains("WARNING: ") &&
                          Catch::Contains("forever.lrt:5:1: warning: shader 'Forever' ran out of "
                                          "its instruction budget (65536)"));
    // Reported once: the dropped samples are that shader's, not a second problem.
    CHECK_THAT(r.err, !Catch::Contains("non-finite"));
    const auto json = nlohmann::json::parse(lrt::testing::slurp(stats));
    CHECK(json["frames"][0]["sl_budget_exhausted"].get<int>() > 0);
}

TEST_CASE("an output folder that does not exist is an error before rendering", "[cli][render]") {
    const fs::path scene = writeScratchFile("nofolder.lrt", kTinyScene);
    const auto r = runLrt(fmt::format("{} -o /nonexistent-folder/out.exr -q", q(scene)));
    CHECK(r.exitStatus == 1);
    CHECK_THAT(r.err, Catch::Contains("/nonexistent-folder/out.exr: cannot write there"));
}

TEST_CASE("many samples per pixel shrink the tiles instead of exhausting memory", "[cli][render]") {
    const fs::path scene = writeScratchFile(
        "manyspp.lrt", "Format 3 2 1\nPixelSamples 1024 1024\nWorldBegin\nWorldEnd\n");
    const auto r =
        runLrt(fmt::format("{} -o {} -q --spp 200000", q(scene), q(scratchPath("manyspp.exr"))));
    INFO("stderr: " << r.err);
    CHECK(r.exitStatus == 0);
}

TEST_CASE("EXR outputs carry alpha, albedo, normal, depth, sample-count and half-buffer AOVs",
          "[cli][render][aov]") {
    const fs::path scene = writeScratchFile("aov.lrt", kTinyScene);
    const fs::path exr = scratchPath("aov.exr");
    REQUIRE(runLrt(fmt::format("{} -o {} -q --integrator path", q(scene), q(exr))).exitStatus == 0);
    const lrt::Image image = lrt::readImage(exr);
    REQUIRE(image.channels == 18);
    CHECK(std::vector<std::string>(image.channelNames.begin(), image.channelNames.begin() + 4) ==
          std::vector<std::string>{"R", "G", "B", "A"});
    auto channel = [&](const std::string& name) {
        const auto it = std::find(image.channelNames.begin(), image.channelNames.end(), name);
        REQUIRE(it != image.channelNames.end());
        return static_cast<int>(it - image.channelNames.begin());
    };
    // The sphere (radius 2, 5 ahead, default matte Kd 0.5) fills the centre pixel.
    CHECK(image.at(12, 8, channel("albedo.R")) == Approx(0.5f));
    CHECK(image.at(12, 8, channel("N.Z")) == Approx(-1.0f).epsilon(0.02));
    CHECK(image.at(12, 8, channel("Z")) ==
          Approx(3.0f).epsilon(0.03)); // filtered over the curved front
    CHECK(image.at(12, 8, channel("sampleCount")) == 4.0f);
    CHECK(std::isinf(image.at(0, 0, channel("Z")))); // the corner sees no surface
    CHECK(image.at(12, 8, channel("A")) == 1.0f);
    CHECK(image.at(0, 0, channel("A")) == 0.0f);
}

namespace {
lrt::Image readStraight(const fs::path& path) {
    OIIO::ImageSpec config;
    config.attribute("oiio:UnassociatedAlpha", 1);
    const auto in = OIIO::ImageInput::open(path.string(), &config);
    REQUIRE(in);
    const OIIO::ImageSpec& spec = in->spec();
    lrt::Image image(spec.width, spec.height, spec.nchannels);
    image.pixels.resize(static_cast<std::size_t>(spec.width) * spec.height * spec.nchannels);
    REQUIRE(in->read_image(0, 0, 0, spec.nchannels, OIIO::TypeDesc::FLOAT, image.pixels.data()));
    return image;
}
} // namespace

TEST_CASE("Display \"rgba\" gives 8-bit outputs straight alpha, \"rgb\" none",
          "[cli][render][aov]") {
    for (const std::string mode : {"rgb", "rgba", "rgbz", "rgbaz"}) {
        const std::string text =
            std::string(kTinyScene)
                .insert(0, fmt::format("Display \"ignored.png\" \"file\" \"{}\"\n", mode));
        const fs::path scene = writeScratchFile("display-" + mode + ".lrt", text);
        const fs::path png = scratchPath("display-" + mode + ".png");
        const auto r = runLrt(fmt::format("{} -o {} -q", q(scene), q(png)));
        INFO("mode " << mode << ": " << r.err);
        REQUIRE(r.exitStatus == 0);
        // Read as stored: OpenImageIO would otherwise premultiply a PNG's alpha on reading.
        const lrt::Image image = readStraight(png);
        const bool alpha = mode.find('a') != std::string::npos;
        REQUIRE(image.channels == (alpha ? 4 : 3));
        if (alpha) {
            CHECK(image.at(12, 8, 3) == 1.0f);
            CHECK(image.at(0, 0, 3) == 0.0f);
            // Straight alpha: each pixel's colour is the EXR's premultiplied colour divided by
            // its alpha, then sRGB-encoded (IEC 61966-2-1), to within 8-bit rounding.
            const fs::path exr = scratchPath("display-" + mode + ".exr");
            REQUIRE(runLrt(fmt::format("{} -o {} -q", q(scene), q(exr))).exitStatus == 0);
            const lrt::Image linear = lrt::readImage(exr);
            const auto srgb = [](double v) {
                v = std::clamp(v, 0.0, 1.0);
                return v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1 / 2.4) - 0.055;
            };
            int edges = 0;
            for (int y = 0; y < 16; ++y)
                for (int x = 0; x < 24; ++x) {
                    const float a = linear.at(x, y, 3);
                    CHECK(image.at(x, y, 3) == Approx(a).margin(0.5 / 255));
                    if (a < 0.05f)
                        continue;
                    edges += a < 1;
                    INFO("pixel " << x << "," << y << " alpha " << a);
                    CHECK(image.at(x, y, 0) ==
                          Approx(srgb(linear.at(x, y, 0) / a)).margin(0.6 / 255));
                }
            CHECK(edges > 0);
        }
    }
    const fs::path bad = writeScratchFile(
        "display-bad.lrt",
        std::string(kTinyScene).insert(0, "Display \"x.png\" \"file\" \"rbga\"\n"));
    const auto r = runLrt(fmt::format("{} -o {} -q", q(bad), q(scratchPath("bad.png"))));
    CHECK(r.exitStatus == 1);
    CHECK_THAT(r.err, Catch::Contains("unknown Display mode 'rbga'") &&
                          Catch::Contains("did you mean 'rgba'?"));
}
