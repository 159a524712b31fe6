// Checks of flag values shared by the subcommands: numbers, lists, integrator and image names.
#pragma once

#include "slvm/common/number_domain.h"
#include "slvm/jit/native_code.h"

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lrt::cli {

// "a,b,c" into floats, each a strict number literal; nullopt when any is malformed.
std::optional<std::vector<float>> parseFloatList(std::string_view text);

// The numeric contract for flags (slvm/common/number_domain.h): throws UsageError
// ("--spp is 0, outside its domain: an integer in [1, 1048576]") unless `value` is in `domain`.
void checkFlagNumber(std::string_view flag, double value, const slvm::NumberDomain& domain);
// `count` comma-separated numbers ("--crop 0,0.5,0,1"), each in `domain`; `shape` says what the
// flag expects when the list itself is malformed ("x0,x1,y0,y1").
std::vector<float> parseFlagNumbers(std::string_view flag, std::string_view text, std::size_t count,
                                    const slvm::NumberDomain& domain, std::string_view shape);

// Accepts decimal digits only (a count or seed), with a message naming what was found.
CLI::Validator nonNegativeInteger();

// --vm jit|interpreter into `vm`, which should start as slvm::jit::defaultVm(). Jit on a machine
// that cannot run compiled code runs the interpreter (slvm::jit::effectiveVm).
void addVmOption(CLI::App& command, slvm::jit::VmKind& vm);

// Throws UsageError unless `name` is a registered integrator.
void checkIntegratorFlag(const std::string& name);

// Throws UsageError unless OpenImageIO can write the format `path`'s extension names.
void checkImageOutputFlag(const std::string& path);

} // namespace lrt::cli
