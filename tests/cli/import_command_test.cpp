// `lrt render` on scenes in other formats: a .pbrt scene renders after its substitutions are
// reported, --strict refuses it, a file named for one format and written in the other gets a hint,
// a mesh given as the scene is refused with what to do instead, and a RIB header is read.
#include "renderer/image/image_file.h"
#include "run_lrt.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fmt/format.h>

using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::scratchPath;
using lrt::testing::writeScratchFile;
namespace fs = std::filesystem;

namespace {

const char* kPbrtScene = R"(LookAt 0 0 -5  0 0 0  0 1 0
Camera "perspective" "float fov" 40
Film "rgb" "integer xresolution" 24 "integer yresolution" 16
Sampler "halton" "integer pixelsamples" 4
WorldBegin
LightSource "distant" "point3 from" [0 0 -1] "point3 to" [0 0 0] "rgb L" [3 3 3]
Material "hair"
Shape "sphere" "float radius" 1.5
)";

} // namespace

TEST_CASE("a pbrt-v4 scene renders after its substitutions are reported", "[cli][import]") {
    const fs::path scene = writeScratchFile("import.pbrt", kPbrtScene);
    const fs::path exr = scratchPath("import.exr");
    const auto r = runLrt(fmt::format("render {} -o {}", q(scene), q(exr)));
    INFO("stderr: " << r.err);
    REQUIRE(r.exitStatus == 0);
    const auto warning = r.err.find("import.pbrt:7:1: warning: Material \"hair\" is not "
                                    "supported");
    CHECK(warning != std::string::npos);
    CHECK(warning < r.err.find("rendering"));
    const lrt::Image image = lrt::readImage(exr);
    CHECK(image.width == 24);
    CHECK(image.at(12, 8, 0) > 0.05f);
}

TEST_CASE("render --strict refuses a scene lrt would approximate and writes nothing",
          "[cli][import]") {
    const fs::path scene = writeScratchFile("strict.pbrt", kPbrtScene);
    const fs::path exr = scratchPath("strict.exr");
    const auto r = runLrt(fmt::format("render {} -o {} --strict", q(scene), q(exr)));
    CHECK(r.exitStatus == 1);
    CHECK_THAT(r.err, Catch::Contains("strict.pbrt:7:1: error: Material \"hair\" is not "
                                      "supported"));
    CHECK_THAT(r.err, Catch::Contains("--strict: lrt cannot render this scene exactly"));
    CHECK_FALSE(fs::exists(exr));
    // A scene that maps exactly renders under --strict.
    std::string exact = kPbrtScene;
    const std::string hair = "Material \"hair\"";
    exact.replace(exact.find(hair), hair.size(), "Material \"conductor\" \"float roughness\" 0.1");
    const fs::path exactScene = writeScratchFile("exact.pbrt", exact);
    const auto ok = runLrt(fmt::format("render {} -o {} --strict -q", q(exactScene), q(exr)));
    INFO("stderr: " << ok.err);
    CHECK(ok.exitStatus == 0);
    CHECK(fs::exists(exr));
}

TEST_CASE("a scene file in the other format than its name says gets a hint", "[cli][import]") {
    const fs::path misnamed = writeScratchFile("misnamed.lrt", kPbrtScene);
    const auto r = runLrt(fmt::format("render {} -o {}", q(misnamed), q(scratchPath("m.exr"))));
    CHECK(r.exitStatus == 1);
    CHECK_THAT(r.err, Catch::Contains("unknown statement 'Camera'"));
    CHECK_THAT(r.err, Catch::Contains("this file's statements are pbrt-v4's: name it .pbrt to "
                                      "read it as one"));
    // With a name that says neither, the content decides.
    const fs::path neutral = writeScratchFile("scene.txt", kPbrtScene);
    CHECK(
        runLrt(fmt::format("render {} -o {} -q", q(neutral), q(scratchPath("n.exr")))).exitStatus ==
        0);
}

TEST_CASE("a mesh given as the scene is refused with what to do instead", "[cli][import]") {
    const fs::path ply = writeScratchFile("mesh.ply", "ply\nformat ascii 1.0\nend_header\n");
    const auto r = runLrt(fmt::format("render {} -o {}", q(ply), q(scratchPath("p.exr"))));
    CHECK(r.exitStatus == 1);
    CHECK_THAT(r.err, Catch::Contains("mesh.ply:1:1: error: this is a PLY mesh, not a scene: "
                                      "place it in a scene with Shape \"plymesh\""));
    const fs::path obj = writeScratchFile("mesh.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    CHECK_THAT(runLrt(fmt::format("render {} -o {}", q(obj), q(scratchPath("o.exr")))).err,
               Catch::Contains("Wavefront OBJ mesh, not a scene"));
}

TEST_CASE("a RIB file's version header is read", "[cli][import]") {
    const fs::path scene = writeScratchFile(
        "versioned.rib", "version 3.04\nFormat 8 8 1\nWorldBegin\nSphere 1 -1 1 360\nWorldEnd\n");
    const auto r = runLrt(fmt::format("render {} -o {} -q", q(scene), q(scratchPath("v.exr"))));
    INFO("stderr: " << r.err);
    CHECK(r.exitStatus == 0);
}

TEST_CASE("the lrt FILE shorthand renders every scene format, as the README shows it",
          "[cli][import]") {
    // Issue 31, defect 1: only .lrt was recognised, and `lrt scenes/pbrt/studio.pbrt` failed
    // with "The following arguments were not expected".
    for (const char* scene : {"scenes/pbrt/studio.pbrt", "tests/data/blender/scene.glb",
                              "scenes/gltf/still_life.glb", "scenes/cornell.lrt"}) {
        INFO("lrt " << scene << " --resolution 8,8 --spp 1 -o ...");
        const fs::path png = scratchPath("shorthand.png");
        fs::remove(png);
        const auto r = runLrt(fmt::format("{} --resolution 8,8 --spp 1 -o {}", scene, q(png)));
        INFO("stderr: " << r.err);
        CHECK(r.exitStatus == 0);
        CHECK(fs::exists(png));
    }
    // A file no reader owns is not taken for a scene: the usage error names it.
    const auto r = runLrt("shaders/Lambert.cg");
    CHECK(r.exitStatus == 2);
    CHECK_THAT(r.err, Catch::Contains("shaders/Lambert.cg"));
}
