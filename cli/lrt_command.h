// The lrt command line: `lrt [--version] SUBCOMMAND ...`, and `lrt SCENE.lrt` for `lrt render`.
#pragma once

namespace lrt::cli {

// Parses `argv` and runs the subcommand it names; returns the process's exit status (kExit*).
int runLrt(int argc, char** argv);

} // namespace lrt::cli
