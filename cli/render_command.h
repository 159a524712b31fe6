// `lrt render SCENE.lrt` (and `lrt SCENE.lrt`): docs/scene-format.md, docs/farm.md.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace lrt::cli {

// `commandLine` is recorded in the images' metadata.
void addRenderCommand(CLI::App& app, int& exitStatus, const std::string& commandLine);

} // namespace lrt::cli
