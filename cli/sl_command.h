// `lrt sl asm|dis|run`: the SL toolchain on the command line (docs/sl.md).
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

// Adds the `sl` subcommand and its own subcommands to `app`. Each action runs after parsing and
// stores its exit status in `exitStatus`.
void addSlCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
