// `lrt farm slurm`: submits a render to Slurm as an array job over frames x tiles plus a
// dependent merge job (docs/farm.md).
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

void addFarmCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
