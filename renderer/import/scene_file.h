// Which reader a scene file needs: .lrt (lrt's own RIB-like format), .pbrt (pbrt-v4's) or glTF 2.0
// (.gltf, .glb), chosen by extension, or for any other name by the file's content. A file that
// looks like another format gets a hint instead of a cascade of unknown statements.
#pragma once

#include "renderer/parser/scene_description.h"

#include <filesystem>
#include <string_view>
#include <vector>

namespace lrt {

enum class SceneFormat { Lrt, Pbrt, Gltf };

// The format of `path`, whose text is `text`: glTF by extension (.gltf, .glb) or content (a .glb's
// magic, JSON); then by extension (.lrt, .rib, .pbrt); else by the statements it begins with.
SceneFormat sceneFormatOf(const std::filesystem::path& path, std::string_view text);

// Reads `path` with the reader its format needs; throws SceneError as the readers do, and for a
// mesh given as a scene (PLY, OBJ), saying how to place it in one.
std::vector<FrameDescription> readScene(const std::filesystem::path& path);

} // namespace lrt
