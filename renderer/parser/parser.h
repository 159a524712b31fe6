// The .lrt parser: reads a scene file (and what it includes) into frame descriptions.
#pragma once

#include "renderer/parser/scene_description.h"

#include <filesystem>
#include <string>
#include <vector>

namespace lrt {

// One FrameDescription per WorldBegin/WorldEnd block. Throws SceneError (file:line:column) at the
// first error; nothing is returned for a scene with any error. The statements are checked against
// the format and against the registries: an unknown shape, light, integrator, projection or
// filter name is an error here, as are the integrator's parameters; the parameters of what the
// scene builder creates are checked when it creates them.
std::vector<FrameDescription> parseSceneFile(const std::filesystem::path& path);
std::vector<FrameDescription> parseSceneString(const std::string& text, const std::string& fileName,
                                               const std::filesystem::path& directory = ".");

} // namespace lrt
