// `lrt cg compile|run`: the Cg shader compiler on the command line (docs/cg.md).
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

// Adds the `cg` subcommand and its own subcommands to `app`; each stores its exit status in
// `exitStatus`.
void addCgCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
