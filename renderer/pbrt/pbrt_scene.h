// pbrt-v4 scenes: reads a .pbrt file (and what it Includes and Imports) into the same frame
// description a .lrt file makes, so that every integrator, tiles, checkpoints and the farm work
// on it unchanged. What lrt cannot represent exactly becomes a warning in the frame's
// `warnings`, naming the statement and what stands in for it (docs/import.md lists them).
#pragma once

#include "renderer/description/scene_description.h"

#include <filesystem>
#include <string>
#include <vector>

namespace lrt {

// One frame. Throws SceneError with every error found (file:line:column), nothing returned for a
// scene with any error. Relative file names (Include, Import, plymesh, imagemap, infinite lights)
// are resolved against `directory`, the folder of the scene file, as pbrt-v4 does.
std::vector<FrameDescription> parsePbrtString(const std::string& text, const std::string& fileName,
                                              const std::filesystem::path& directory = ".");
std::vector<FrameDescription> parsePbrtFile(const std::filesystem::path& path);

} // namespace lrt
