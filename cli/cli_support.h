// Helpers shared by the subcommands: exit codes, flag-value parsing, file output.
#pragma once

#include "renderer/core/atomic_file.h"
#include "slvm/common/diagnostic.h"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

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

// "a,b,c" into floats, each a strict number literal; nullopt when any is malformed.
std::optional<std::vector<float>> parseFloatList(std::string_view text);

// Accepts decimal digits only (a count or seed), with a message naming what was found.
CLI::Validator nonNegativeInteger();

// Throws UsageError unless `name` is a registered integrator.
void checkIntegratorFlag(const std::string& name);

// Throws UsageError unless OpenImageIO can write the format `path`'s extension names.
void checkImageOutputFlag(const std::string& path);

// Runs `action` (returning an exit status), turning failures into diagnostics on stderr, each
// first line prefixed "ERROR: " for log scrapers, and kExitUsage, kExitFailure or kExitInternal.
int guarded(const std::function<int()>& action);

// Writes `text` to stderr with "ERROR: " before every line that does not start with a blank (the
// quoted source lines and carets of a diagnostic stay as they are).
void printError(std::string_view text);
// The same for a warning ("WARNING: ").
void printWarning(const slvm::Diagnostic& warning);

// JSON number as DESIGN.md §3 prints it: %.9g, non-finite values as "nan", "inf", "-inf".
std::string jsonNumber(float value);

} // namespace lrt::cli
