// Test helpers for the renderer: render a scene given as text, and read pixels.
#pragma once

#include "renderer/builder/registered_vocabulary.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/import/scene_file.h"
#include "renderer/parser/parser.h"
#include "renderer/render/renderer.h"
#include "tests/file_bytes.h"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lrt::testing {

struct LoadedScene {
    std::unique_ptr<EmbreeDevice> device = std::make_unique<EmbreeDevice>();
    std::vector<FrameDescription> frames;
    std::unique_ptr<Scene> scene;
};

// The source tree's shaders/ and vertex/ as the bundled data, where lrt finds them in a build tree.
inline BuildOptions bundledData() {
    BuildOptions options;
    options.bundledShaders = LRT_SOURCE_DIR "/shaders";
    options.bundledVertexPrograms = LRT_SOURCE_DIR "/vertex";
    return options;
}

inline LoadedScene loadScene(const std::string& text, const std::string& directory = ".") {
    LoadedScene loaded;
    loaded.frames = parseSceneString(text, "test.lrt", registeredVocabulary(), directory);
    loaded.scene = buildScene(loaded.frames.at(0), loaded.device->get(), bundledData());
    return loaded;
}

// The text of scenes/NAME, with each `from` replaced by its `to` (each must occur once at least).
inline std::string
bundledScene(const std::string& name,
             const std::vector<std::pair<std::string, std::string>>& replacements = {}) {
    std::string scene =
        testing_files::requiredFileBytes(std::string(LRT_SOURCE_DIR "/scenes/") + name);
    for (const auto& [from, to] : replacements) {
        const std::size_t at = scene.find(from);
        if (at == std::string::npos)
            throw std::logic_error(name + " no longer contains \"" + from + "\"");
        scene.replace(at, from.size(), to);
    }
    return scene;
}

// The centre of `scene` (crop 0.4 0.6 0.4 0.6) at 1 spp with `integrator`: a quick render that
// still runs every part of a bundled scene's set-up. Reproduce a failure with
// `lrt render SCENE --crop 0.4,0.6,0.4,0.6 --spp 1 --integrator INTEGRATOR`.
inline RenderResult renderCentre(const Scene& scene, const std::string& integrator) {
    RenderSettings settings;
    settings.samplesPerPixel = 1;
    settings.integrator = integrator;
    settings.crop = std::array<float, 4>{0.4f, 0.6f, 0.4f, 0.6f};
    return render(scene, settings);
}

// Every bundled scene (scenes/, scenes/pbrt, scenes/gltf) that no other one Includes, sorted
// (directory order is the file system's).
inline std::vector<std::filesystem::path> bundledSceneFiles() {
    std::vector<std::filesystem::path> scenes;
    std::string texts;
    for (const char* folder : {"", "pbrt", "gltf"})
        for (const auto& entry : std::filesystem::directory_iterator(
                 std::filesystem::path(LRT_SOURCE_DIR "/scenes") / folder))
            if (entry.is_regular_file() && hasSceneExtension(entry.path())) {
                scenes.push_back(entry.path());
                if (entry.path().extension() != ".glb")
                    texts += testing_files::requiredFileBytes(entry.path());
            }
    std::erase_if(scenes, [&](const std::filesystem::path& path) {
        return texts.find("Include \"" + path.filename().string() + "\"") != std::string::npos;
    });
    std::sort(scenes.begin(), scenes.end());
    return scenes;
}

// Calls check(frame, device) with each bundled scene's first frame, the scene's path in the test's
// output: for what every bundled scene must do (render the same bits two ways).
inline void forEachBundledFrame(
    const std::function<void(const FrameDescription&, const EmbreeDevice&)>& check) {
    const std::vector<std::filesystem::path> scenes = bundledSceneFiles();
    REQUIRE(scenes.size() >= 11);
    const EmbreeDevice device;
    for (const auto& path : scenes) {
        INFO(path.string());
        check(readScene(path).at(0), device);
    }
}

// A quick render of every part of a scene: a quarter of its resolution (pixelScale 4), 1 spp.
// Reproduce with `lrt render SCENE --spp 1` (at four times the resolution).
inline Image renderQuarter(const Scene& scene, int threads = 0) {
    RenderSettings settings;
    settings.samplesPerPixel = 1;
    settings.pixelScale = 4;
    settings.threads = threads;
    return render(scene, settings).image;
}

inline Image renderText(const std::string& text, RenderSettings settings = {}) {
    const LoadedScene loaded = loadScene(text);
    return render(*loaded.scene, settings).image;
}

// A white furnace: a sphere filling the view inside a uniform environment of radiance 1, seen
// through paths of up to `maxDepth` bounces. A convex object sees only the environment, so what it
// shows is its albedo (light it traps inside included).
inline std::string whiteFurnace(const std::string& surface, int maxDepth) {
    return "Format 16 16 1\nPixelSamples 8 8\nProjection \"perspective\" \"fov\" [20]\n"
           "SurfaceIntegrator \"path\" \"maxdepth\" [" +
           std::to_string(maxDepth) +
           "]\nWorldBegin\nLightSource \"infinite\" \"intensity\" [1]\nSurface " + surface +
           "\nTranslate 0 0 5\nSphere 1.5 -1.5 1.5 360\nWorldEnd\n";
}

inline Color pixel(const Image& image, int x, int y) {
    return {image.at(x, y, 0), image.at(x, y, 1), image.at(x, y, 2)};
}

} // namespace lrt::testing
