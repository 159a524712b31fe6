// glTF 2.0 files as whole scenes (`lrt render scene.glb`): the file's meshes and materials through
// Shape "gltf", its first camera (or one framing the scene) and its KHR_lights_punctual lights,
// in the same frame description a .lrt file makes. What lrt substitutes is a warning in the
// frame's `warnings` (docs/import.md).
#pragma once

#include "renderer/description/scene_description.h"

#include <filesystem>
#include <vector>

namespace lrt {

// One frame. Throws SceneError at the file for a file that cannot be read or is inconsistent
// (with the glTF JSON path of the problem).
std::vector<FrameDescription> parseGltfScene(const std::filesystem::path& path);
// The same from the file's bytes, which are all that is read: the frame's Shape "gltf" takes the
// parsed file with it (ShapeContext::gltf), so the file is read and parsed once.
std::vector<FrameDescription> parseGltfScene(const std::filesystem::path& path,
                                             const std::string& bytes);

} // namespace lrt
