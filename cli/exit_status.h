// How every subcommand ends: its exit status, and the ERROR:/WARNING: lines it prints on stderr.
#pragma once

#include "slvm/common/diagnostic.h"

#include <functional>
#include <stdexcept>
#include <string_view>

namespace lrt::cli {

// Exit statuses of every subcommand (docs/farm.md lists them for wranglers).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;     // bad input: scene, shader, program, image; I/O error
inline constexpr int kExitUsage = 2;       // bad flags or flag values
inline constexpr int kExitInterrupted = 3; // stopped by SIGTERM/SIGINT; a checkpoint was written
inline constexpr int kExitInternal = 4;    // a bug or resource exhaustion in lrt itself

// A malformed flag value: main() prints it and exits with kExitUsage.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Runs `action` (returning an exit status), turning failures into diagnostics on stderr, each
// first line prefixed "ERROR: " for log scrapers, and kExitUsage, kExitFailure or kExitInternal.
int guarded(const std::function<int()>& action);

// Writes `text` to stderr with "ERROR: " before every line that does not start with a blank (the
// quoted source lines and carets of a diagnostic stay as they are).
void printError(std::string_view text);
// The same for a warning ("WARNING: ").
void printWarning(const slvm::Diagnostic& warning);

} // namespace lrt::cli
