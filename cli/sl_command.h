// `lrt sl asm|dis|run`: the SL toolchain on the command line (docs/sl.md).
#pragma once

#include "slvm/common/execution.h"
#include "slvm/jit/native_code.h"
#include "slvm/sl/verifier.h"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace lrt::cli {

// The flags of `lrt sl run`, which `lrt cg run --profile sl` takes too.
struct ShaderRunOptions {
    std::string shader;
    std::vector<std::string> sets;
    std::string traceResult = "0,0,0";
    std::vector<std::string> textures;
    std::uint64_t budget = slvm::kDefaultBudget;
    std::uint64_t seed = 0;
    slvm::jit::VmKind vm = slvm::jit::defaultVm();
};
void addShaderRunOptions(CLI::App& command, ShaderRunOptions& options);
// Runs the program `load` gives once and prints the JSON of docs/sl.md; flags are checked first,
// so a bad flag is reported (exit 2) before a bad program (exit 1).
int runShader(const ShaderRunOptions& options,
              const std::function<slvm::sl::VerifiedProgram()>& load);

// Adds the `sl` subcommand and its own subcommands to `app`. Each action runs after parsing and
// stores its exit status in `exitStatus`.
void addSlCommand(CLI::App& app, int& exitStatus);

} // namespace lrt::cli
