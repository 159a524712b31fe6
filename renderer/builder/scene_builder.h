// From a parsed frame description to a renderable Scene: camera, filter, lights, materials and
// shapes are created through their registries and checked (errors name the statement's
// file:line:column), meshes run through their vertex programs, then the BVH is built.
#pragma once

#include "renderer/parser/scene_description.h"
#include "renderer/scene/scene.h"

#include <embree3/rtcore.h>
#include <filesystem>
#include <memory>
#include <vector>

namespace lrt {

// Throws SceneError for anything invalid. SL shaders are looked for in the scene's
// Option "searchpath", then `shaderPath` (the LRT_SHADER variable, say), then the scene's folder,
// then the bundled shaders/.
std::unique_ptr<Scene> buildScene(const FrameDescription& frame, RTCDevice device,
                                  const std::vector<std::filesystem::path>& shaderPath = {});

} // namespace lrt
