// Test helpers for the renderer: render a scene given as text, and read pixels.
#pragma once

#include "renderer/embree/device.h"
#include "renderer/render/renderer.h"
#include "renderer/scene/parser.h"
#include "renderer/scene/scene_builder.h"

#include <memory>
#include <string>

namespace lrt::testing {

struct LoadedScene {
    std::unique_ptr<EmbreeDevice> device = std::make_unique<EmbreeDevice>();
    std::vector<FrameDescription> frames;
    std::unique_ptr<Scene> scene;
};

inline LoadedScene loadScene(const std::string& text, const std::string& directory = ".") {
    LoadedScene loaded;
    loaded.frames = parseSceneString(text, "test.lrt", directory);
    loaded.scene = buildScene(loaded.frames.at(0), loaded.device->get());
    return loaded;
}

inline Image renderText(const std::string& text, RenderSettings settings = {}) {
    const LoadedScene loaded = loadScene(text);
    return render(*loaded.scene, settings).image;
}

inline Color pixel(const Image& image, int x, int y) {
    return {image.at(x, y, 0), image.at(x, y, 1), image.at(x, y, 2)};
}

} // namespace lrt::testing
