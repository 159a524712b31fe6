// `lrt preview SCENE`: the live browser preview (docs/preview.md).
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

void addPreviewCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
