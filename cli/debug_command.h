// `lrt debug SCENE --pixel X,Y`: the pixel debugger's JSON (docs/preview.md, "lrt debug").
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

void addDebugCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
