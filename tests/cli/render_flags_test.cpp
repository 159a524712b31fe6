// The render command line as users of pbrt-v4, appleseed and Blender expect it: overrides that
// leave the scene file alone, strict flag values, a one-line summary, farm-friendly progress, and
// warnings for renders that cannot be what was meant.
#include "renderer/image/image_file.h"
#include "run_lrt.h"

#include <algorithm>
#include <catch2/catch.hpp>

namespace fs = std::filesystem;
using lrt::testing::CommandResult;
using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::writeScratchFile;

namespace {
const char* const kLitSphere = "Format 40 30 1\nPixelSamples 2 2\nWorldBegin\n"
                               "LightSource \"pointlight\" \"from\" [0 0 -5]\n"
                               "Translate 0 0 5\nSphere 1 -1 1 360\nWorldEnd\n";
} // namespace

TEST_CASE("the --resolution and --quick flags change the image, not the scene file",
          "[cli][render]") {
    const fs::path scene = writeScratchFile("flags-sphere.lrt", kLitSphere);
    const fs::path out = scratchPath("flags-sphere.exr");
    const auto sized = runLrt(fmt::format("{} -o {} --resolution 64,48", q(scene), q(out)));
    INFO("stderr: " << sized.err);
    REQUIRE(sized.exitStatus == 0);
    CHECK(lrt::readImage(out).width == 64);
    CHECK(lrt::readImage(out).height == 48);
    CHECK_THAT(sized.err, Catch::Contains("wrote " + out.string() + " (64 x 48, 4 spp, whitted, "));

    // A quarter of the pixels (each side halved, rounded up) and of the samples.
    const auto quick = runLrt(fmt::format("{} -o {} --quick", q(scene), q(out)));
    REQUIRE(quick.exitStatus == 0);
    CHECK(lrt::readImage(out).width == 20);
    CHECK(lrt::readImage(out).height == 15);
    CHECK_THAT(quick.err, Catch::Contains("(20 x 15, 1 spp, whitted, "));
    const auto both =
        runLrt(fmt::format("{} -o {} --quick --resolution 9,5 --spp 32", q(scene), q(out)));
    CHECK_THAT(both.err, Catch::Contains("(5 x 3, 8 spp, whitted, "));
}

TEST_CASE("the --quiet flag leaves only warnings and errors on stderr", "[cli][render]") {
    const fs::path scene = writeScratchFile("flags-quiet.lrt", kLitSphere);
    const auto r = runLrt(fmt::format("{} -o {} -q", q(scene), q(scratchPath("quiet.exr"))));
    REQUIRE(r.exitStatus == 0);
    CHECK(r.err.empty());
}

TEST_CASE("out-of-domain render flags are usage errors, before the scene is read",
          "[cli][render]") {
    const fs::path scene = writeScratchFile("flags-domain.lrt", kLitSphere);
    for (const char* flags :
         {"--spp 0", "--spp -1", "--spp 1048577", "--spp 1e3", "--threads 5000", "--threads -2",
          "--resolution 0,10", "--resolution 10", "--resolution 10,20,30", "--resolution 65537,2",
          "--resolution 2.5,4", "--resolution a,b", "--progress fancy", "--progress ALF"}) {
        const auto r =
            runLrtInProcess(fmt::format("{} -o {} {}", q(scene), q(scratchPath("x.exr")), flags));
        INFO("reproduce: lrt SCENE -o x.exr " << flags << "\nstderr: " << r.err);
        CHECK(r.exitStatus == 2);
        CHECK_THAT(r.err, Catch::StartsWith("ERROR: "));
        CHECK_FALSE(fs::exists(scratchPath("x.exr")));
    }
}

TEST_CASE("numeric render flags state their domain as scene numbers do", "[cli][render]") {
    const fs::path scene = writeScratchFile("flags-contract.lrt", kLitSphere);
    const std::pair<const char*, const char*> cases[] = {
        {"--spp 1048577", "--spp is 1048577, outside its domain: an integer in [1, 1048576]"},
        {"--threads 4097", "--threads is 4097, outside its domain: an integer in [0, 4096]"},
        {"--resolution 65537,2",
         "--resolution is 65537, outside its domain: an integer in [1, 65536]"},
        {"--resolution 2.5,4", "--resolution is 2.5, outside its domain: an integer in [1, 65536]"},
        {"--crop 0,1e38,0,1", "--crop is 1e+38, outside its domain: a real in [0, 1]"},
        {"--noise-threshold 2", "--noise-threshold is 2, outside its domain: a real in [0, 1]"},
        {"--noise-threshold -0.5",
         "--noise-threshold is -0.5, outside its domain: a real in [0, 1]"},
        {"--crop 0.5,0.2,0,1", "--crop '0.5,0.2,0,1': expected x0 < x1 and y0 < y1"},
        {"--checkpoint -1", "--checkpoint"},
    };
    for (const auto& [flags, message] : cases) {
        const auto r =
            runLrtInProcess(fmt::format("{} -o {} {}", q(scene), q(scratchPath("x.exr")), flags));
        INFO("reproduce: lrt SCENE -o x.exr " << flags << "\nstderr: " << r.err);
        CHECK(r.exitStatus == 2);
        CHECK_THAT(r.err, Catch::StartsWith(std::string("ERROR: ") + message));
    }
}

TEST_CASE("the --progress=alf flag prints ALF_PROGRESS lines up to 100%", "[cli][render]") {
    const fs::path scene = writeScratchFile("flags-alf.lrt", kLitSphere);
    const auto r =
        runLrt(fmt::format("{} -o {} --progress=alf", q(scene), q(scratchPath("alf.exr"))));
    REQUIRE(r.exitStatus == 0);
    CHECK_THAT(r.err, Catch::StartsWith("ALF_PROGRESS ") && Catch::Contains("ALF_PROGRESS 100%\n"));
    // Log lines when stderr is no terminal: at least the end.
    const auto log = runLrt(fmt::format("{} -o {}", q(scene), q(scratchPath("alf.exr"))));
    CHECK_THAT(log.err, Catch::Contains("rendering 100%\n"));
}

TEST_CASE("a render no light reaches warns that the image is black", "[cli][render]") {
    const fs::path dark = writeScratchFile(
        "flags-dark.lrt",
        "Format 8 8 1\nWorldBegin\nTranslate 0 0 5\nSphere 1 -1 1 360\nWorldEnd\n");
    const auto none = runLrt(fmt::format("{} -o {}", q(dark), q(scratchPath("dark.exr"))));
    REQUIRE(none.exitStatus == 0);
    CHECK_THAT(none.err, Catch::Contains("WARNING: warning: the image is black: the scene has no "
                                         "light source"));
    // A light behind the sphere, facing away from everything the camera sees.
    const fs::path away = writeScratchFile(
        "flags-away.lrt", "Format 8 8 1\nWorldBegin\n"
                          "LightSource \"spotlight\" \"from\" [0 0 9] \"to\" [0 0 20]\n"
                          "Translate 0 0 5\nSphere 1 -1 1 360\nWorldEnd\n");
    const auto behind = runLrt(fmt::format("{} -o {}", q(away), q(scratchPath("away.exr"))));
    CHECK_THAT(behind.err, Catch::Contains("the image is black: none of the scene's 1 light "
                                           "sources reaches anything the camera sees"));
    // A lit render says nothing of the kind.
    const fs::path lit = writeScratchFile("flags-lit.lrt", kLitSphere);
    const auto fine = runLrt(fmt::format("{} -o {}", q(lit), q(scratchPath("lit.exr"))));
    CHECK_THAT(fine.err, !Catch::Contains("black"));
}

TEST_CASE("relative paths in a scene resolve against its file from any folder", "[cli][render]") {
    // scenes/shaders.lrt reads textures/*.png and mesh.lrt meshes/torus.obj, relative to scenes/.
    const fs::path elsewhere = scratchPath("elsewhere");
    fs::create_directories(elsewhere);
    for (const char* scene : {"shaders.lrt", "mesh.lrt"}) {
        const std::string command =
            fmt::format("cd {} && '{}' '{}/scenes/{}' -o out.exr --resolution 16,12 --spp 1 -q "
                        "2>err.txt",
                        q(elsewhere), LRT_BINARY, LRT_SOURCE_DIR, scene);
        INFO("reproduce: " << command
                           << "\nstderr: " << lrt::testing::slurp(elsewhere / "err.txt"));
        CHECK(std::system(command.c_str()) == 0);
        CHECK(fs::exists(elsewhere / "out.exr"));
        fs::remove(elsewhere / "out.exr");
    }
}

TEST_CASE("the --aov flag and Option output aov choose the EXR's layers", "[cli][render][aov]") {
    const auto channels = [](const fs::path& exr) {
        std::vector<std::string> names = lrt::readImage(exr).channelNames;
        std::sort(names.begin(), names.end()); // EXR stores channels by name
        return names;
    };
    const fs::path scene = writeScratchFile("aov-select.lrt", kLitSphere);
    const fs::path out = scratchPath("aov-select.exr");
    REQUIRE(runLrt(fmt::format("{} -o {} -q", q(scene), q(out))).exitStatus == 0);
    CHECK(channels(out) == std::vector<std::string>{"A", "B", "G", "N.X", "N.Y", "N.Z", "R", "Z",
                                                    "albedo.B", "albedo.G", "albedo.R", "half0.B",
                                                    "half0.G", "half0.R", "half1.B", "half1.G",
                                                    "half1.R", "sampleCount"});
    REQUIRE(runLrt(fmt::format("{} -o {} -q --aov alpha,depth", q(scene), q(out))).exitStatus == 0);
    CHECK(channels(out) == std::vector<std::string>{"A", "B", "G", "R", "Z"});
    REQUIRE(runLrt(fmt::format("{} -o {} -q --aov none", q(scene), q(out))).exitStatus == 0);
    CHECK(channels(out) == std::vector<std::string>{"B", "G", "R"});
    // The scene's choice, and the flag over it.
    const fs::path chosen = writeScratchFile(
        "aov-option.lrt", std::string("Option \"output\" \"aov\" \"normal\"\n") + kLitSphere);
    REQUIRE(runLrt(fmt::format("{} -o {} -q", q(chosen), q(out))).exitStatus == 0);
    CHECK(channels(out) == std::vector<std::string>{"B", "G", "N.X", "N.Y", "N.Z", "R"});
    REQUIRE(runLrt(fmt::format("{} -o {} -q --aov all", q(chosen), q(out))).exitStatus == 0);
    CHECK(channels(out).size() == 18);
    // Display "rgbz" (or "z") adds the depth layer to whatever the list is.
    const fs::path depth = writeScratchFile(
        "aov-z.lrt", std::string("Display \"x.exr\" \"file\" \"z\"\n") + kLitSphere);
    REQUIRE(runLrt(fmt::format("{} -o {} -q --aov none", q(depth), q(out))).exitStatus == 0);
    CHECK(channels(out) == std::vector<std::string>{"B", "G", "R", "Z"});
    // A misspelt layer: a usage error for the flag, a scene error at the option's value.
    const auto flag = runLrt(fmt::format("{} -o {} --aov albeod", q(scene), q(out)));
    CHECK(flag.exitStatus == 2);
    CHECK_THAT(flag.err, Catch::Contains("did you mean 'albedo'?"));
    const fs::path bad = writeScratchFile(
        "aov-bad.lrt", std::string("Option \"output\" \"aov\" \"alpha,dpeth\"\n") + kLitSphere);
    const auto option = runLrt(fmt::format("{} -o {}", q(bad), q(out)));
    CHECK(option.exitStatus == 1);
    CHECK_THAT(option.err, Catch::Contains("aov-bad.lrt:1:17: error: unknown AOV 'dpeth'") &&
                               Catch::Contains("did you mean 'depth'?"));
}
