// Choosing a scene's reader by extension and content, and the bundled imported scenes
// (scenes/pbrt/, scenes/gltf/) rendering through it with every integrator, refusing no ray.
#include "renderer/import/scene_file.h"
#include "tests/renderer/render_test_support.h"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace lrt;

TEST_CASE("a scene's format comes from its extension, else from its content", "[import]") {
    CHECK(sceneFormatOf("a.pbrt", "") == SceneFormat::Pbrt);
    CHECK(sceneFormatOf("a.lrt", "Camera \"perspective\"\n") == SceneFormat::Lrt);
    CHECK(sceneFormatOf("a.glb", "") == SceneFormat::Gltf);
    CHECK(sceneFormatOf("a.bin", "glTF\x02") == SceneFormat::Gltf);
    CHECK(sceneFormatOf("a.txt", "  {\"asset\": {}}") == SceneFormat::Gltf);
    CHECK(sceneFormatOf("a.txt", "# a pbrt scene\nLookAt 0 0 0 0 0 1 0 1 0\nCamera \"perspective\""
                                 "\nSampler \"halton\"\nWorldBegin\n") == SceneFormat::Pbrt);
    CHECK(sceneFormatOf("a.txt", "Format 10 10 1\nWorldBegin\nSphere 1 -1 1 360\nWorldEnd\n") ==
          SceneFormat::Lrt);
    CHECK(sceneFormatOf("a.txt", "WorldBegin\n") == SceneFormat::Lrt); // a tie reads as lrt
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
