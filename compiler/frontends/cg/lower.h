// Semantic analysis and lowering of a parsed Cg program for one target: the entry function's
// parameters are bound by semantic, every call is resolved (overloads, the standard library) and
// inlined, every loop unrolled, and the result is the IR function the optimiser takes.
#pragma once

#include "compiler/frontends/cg/ast.h"
#include "compiler/ir/ir.h"
#include "compiler/target.h"

#include <map>
#include <string>
#include <vector>

namespace compiler::cg {

struct LowerOptions {
    std::string entry = "main";
    // Values for uniforms by name (`--set`, the Surface statement): folded into the program on
    // targets without constant registers, initial values of their slots on the others.
    std::map<std::string, std::vector<float>> uniformValues;
};

struct LoweredProgram {
    ir::Function function;
    std::vector<ConstantSlot> uniformSlots; // vertex targets: where each uniform lives
};

LoweredProgram lower(const TranslationUnit& unit, const Target& target, const LowerOptions& options,
                     std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::cg
