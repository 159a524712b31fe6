// `lrt cg compile|run` and `lrt tl compile|run`: the shader compiler on the command line, one
// subcommand per source language (docs/cg.md, docs/t-language.md).
#pragma once

#include <CLI/CLI.hpp>

namespace lrt::cli {

// Adds the `cg` subcommand and its own subcommands to `app`; each stores its exit status in
// `exitStatus`.
void addCgCommand(CLI::App& app, int& exitStatus);
// The same for `tl`: profiles sl and card, no entry function and no uniforms.
void addTlCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
