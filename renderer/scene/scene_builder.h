// From a parsed frame description to a renderable Scene: shapes, materials, lights, instances and
// camera are created and checked (errors name the statement's file:line), then the BVH is built.
#pragma once

#include "renderer/scene/scene.h"
#include "renderer/scene/scene_description.h"

#include <embree3/rtcore.h>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace lrt {

// Throws SceneError for anything invalid. SL shaders are looked for in the scene's
// Option "searchpath", then `shaderPath` (the LRT_SHADER variable, say), then the scene's folder,
// then the bundled shaders/.
std::unique_ptr<Scene> buildScene(const FrameDescription& frame, RTCDevice device,
                                  const std::vector<std::filesystem::path>& shaderPath = {});

// The folders of a colon-separated path list such as LRT_SHADER.
std::vector<std::filesystem::path> splitSearchPath(const std::string& list);

} // namespace lrt
