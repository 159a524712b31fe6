// Checkpoints of a render in progress, for farms and long renders: the finished tiles' pixels and
// AOVs in an EXR, with which tiles are finished, the statistics so far, and a description of the
// render they belong to, so that a resume never mixes pixels of different renders.
#pragma once

#include "renderer/render/renderer.h"

#include <filesystem>
#include <optional>
#include <string>

namespace lrt {

// Where the checkpoint of an output image lives: beside it, "<output>.checkpoint.exr".
std::filesystem::path checkpointPath(const std::filesystem::path& output);

// Writes `partial` atomically. `identity` describes the render (scene, frame, settings); a
// checkpoint only resumes a render with the same identity. Throws std::runtime_error.
void writeCheckpoint(const std::filesystem::path& path, const RenderResult& partial,
                     const std::string& identity);

// The checkpoint at `path`, or nullopt when there is none. Throws std::runtime_error when it
// cannot be read or belongs to another render (its identity differs), saying how.
std::optional<RenderResult> readCheckpoint(const std::filesystem::path& path,
                                           const std::string& identity);

} // namespace lrt
