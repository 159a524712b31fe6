// A scene built for a benchmark: the Embree device it lives on, the frames it was read from (which
// the scene refers to), and the scene itself, kept together for the benchmark's whole run.
#pragma once

#include "renderer/description/scene_description.h"
#include "renderer/embree/device.h"
#include "renderer/scene/scene.h"

#include <memory>
#include <vector>

namespace lrt::bench {

struct BuiltScene {
    std::unique_ptr<EmbreeDevice> device = std::make_unique<EmbreeDevice>();
    std::vector<FrameDescription> frames;
    std::unique_ptr<Scene> scene;
};

} // namespace lrt::bench
