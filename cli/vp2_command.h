// `lrt vp2 run`: runs a vertex program once on chosen attributes and parameters; prints JSON.
#pragma once

#include "compiler/driver/compile.h"
#include "slvm/jit/native_code.h"
#include "slvm/vp2/verifier.h"
#include "slvm/vp2/vm.h"

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace lrt::cli {

void addVp2Command(CLI::App& app, int& exitStatus);

// The flags of `lrt vp2 run`, which `lrt cg run --profile vp1.1|vp2` takes too.
struct ProgramRunOptions {
    std::string program;
    std::vector<std::string> attributes;
    std::vector<std::string> parameters;
    slvm::jit::VmKind vm = slvm::jit::defaultVm(); // --vm, which the command adds itself
};
void addVertexRunOptions(CLI::App& command, ProgramRunOptions& options);
// The c[] layout a compiled program's binding fills (empty for a program read from a .vp).
std::vector<std::pair<int, slvm::vp2::Vector4>>
compiledLayout(const compiler::CompiledProgram& program);
// Runs the program `load` gives once, with c[] preset (a compiled program's constants) before
// the --param flags, and prints the JSON of docs/vp2.md.
int runVertexProgram(const ProgramRunOptions& options,
                     const std::function<slvm::vp2::VerifiedProgram()>& load,
                     const std::vector<std::pair<int, slvm::vp2::Vector4>>& preset);

} // namespace lrt::cli
