// T-Language to the compiler's IR. Every value is a 3-component vector (x, y, z). Functions are
// inlined and loops unrolled, as for Cg. A variable that is not declared but that the target
// binds (N, L, dE, Kd ... on sl; P on card) reads that input; R0-R63 are the GPU's registers,
// shared by every function; v0 is the result, bound to the target's result.
#pragma once

#include "compiler/frontends/tl/ast.h"
#include "compiler/ir/ir.h"
#include "compiler/target.h"

namespace compiler::tl {

// Lowers `program` for `target`; errors (every one found) go to `errors`.
ir::Function lower(const Program& program, const Target& target,
                   std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::tl
