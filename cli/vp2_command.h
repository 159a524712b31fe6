// `lrt vp2 run`: runs a vertex program once on chosen attributes and parameters; prints JSON.
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

void addVp2Command(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
