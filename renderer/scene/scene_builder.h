// From a parsed frame description to a renderable Scene: shapes, materials, lights, instances and
// camera are created and checked (errors name the statement's file:line), then the BVH is built.
#pragma once

#include "renderer/scene/scene.h"
#include "renderer/scene/scene_description.h"

#include <embree3/rtcore.h>
#include <memory>

namespace lrt {

// Throws SceneError for anything invalid.
std::unique_ptr<Scene> buildScene(const FrameDescription& frame, RTCDevice device);

} // namespace lrt
