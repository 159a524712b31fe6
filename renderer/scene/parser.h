// The .lrt parser: reads a scene file (and what it includes) into frame descriptions.
#pragma once

#include "renderer/scene/scene_description.h"

#include <filesystem>
#include <string>
#include <vector>

namespace lrt {

inline constexpr int kMaxIncludeDepth = 16;

// One FrameDescription per WorldBegin/WorldEnd block. Throws SceneError (file:line:column) at the
// first error; nothing is returned for a scene with any error.
std::vector<FrameDescription> parseSceneFile(const std::filesystem::path& path);
std::vector<FrameDescription> parseSceneString(const std::string& text, const std::string& fileName,
                                               const std::filesystem::path& directory = ".");

} // namespace lrt
