// `lrt merge`: assembles tiles rendered separately into the full image.
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

void addMergeCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
