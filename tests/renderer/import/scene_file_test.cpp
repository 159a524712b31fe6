// Choosing a scene's reader by extension and content, and the bundled imported scenes
// (scenes/pbrt/, scenes/gltf/) rendering through it with every integrator, refusing no ray.
#include "renderer/import/scene_file.h"
#include "tests/renderer/render_test_support.h"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace lrt;

namespace {
std::string_view format(const char* name, std::string_view text) {
    return sceneReaderFor(name, text).format;
}
} // namespace

TEST_CASE("a scene's format comes from its extension, else from its content", "[import]") {
    CHECK(format("a.pbrt", "") == "pbrt-v4");
    CHECK(format("a.lrt", "Camera \"perspective\"\n") == "lrt");
    CHECK(format("a.glb", "") == "glTF 2.0");
    CHECK(format("a.bin", "glTF\x02") == "glTF 2.0");
    CHECK(format("a.txt", "  {\"asset\": {}}") == "glTF 2.0");
    CHECK(format("a.txt", "# a pbrt scene\nLookAt 0 0 0 0 0 1 0 1 0\nCamera \"perspective\""
                          "\nSampler \"halton\"\nWorldBegin\n") == "pbrt-v4");
    CHECK(format("a.txt", "Format 10 10 1\nWorldBegin\nSphere 1 -1 1 360\nWorldEnd\n") == "lrt");
    CHECK(format("a.txt", "WorldBegin\n") == "lrt");          // a tie reads as lrt
    CHECK(format("A.PBRT", "") == "pbrt-v4");                 // extensions in any case
    CHECK(format("a.pbrt", "{\"asset\": {}}") == "glTF 2.0"); // content that only glTF has
}

TEST_CASE("the shorthand's extensions are the readers' extensions", "[import]") {
    for (const char* name : {"a.lrt", "b.rib", "c.pbrt", "d.gltf", "e.GLB", "dir/f.pbrt"})
        CHECK(hasSceneExtension(name));
    for (const char* name : {"a.sl", "b.obj", "c.exr", "pbrt", "lrt"})
        CHECK_FALSE(hasSceneExtension(name));
}

TEST_CASE("the bundled pbrt-v4 and glTF scenes render and refuse no ray", "[import]") {
    for (const char* name : {"pbrt/studio.pbrt", "gltf/still_life.glb"}) {
        const auto frames = readScene(std::filesystem::path(LRT_SOURCE_DIR "/scenes") / name);
        EmbreeDevice device;
        const auto scene = buildScene(frames.at(0), device.get(), testing::bundledData());
        for (const char* integrator : {"whitted", "path"}) {
            INFO("scenes/" << name << ", crop 0.4 0.6 0.4 0.6, 1 spp, --integrator " << integrator);
            const RenderResult result = testing::renderCentre(*scene, integrator);
            CHECK(result.statistics.invalidRays == 0);
            CHECK(std::any_of(result.image.pixels.begin(), result.image.pixels.end(),
                              [](float v) { return v > 0.05f; }));
        }
    }
}
