// Constant evaluation of the IR's pure operations, in single precision as the VMs compute: the
// optimiser folds with it, so a folded program computes what the unfolded one would.
#pragma once

#include "compiler/ir/ir.h"

#include <optional>
#include <vector>

namespace compiler::ir {

using Components = std::array<float, 4>;

// The value of `instruction` given its operands' values, or nullopt for an operation that is not
// a function of its operands alone (inputs, the host, effects).
std::optional<Components> evaluate(const Instruction& instruction,
                                   const std::vector<Components>& operands,
                                   const std::vector<Type>& operandTypes);

// The value of `instruction` when every operand is a Constant of `function` and the operation
// is one evaluate() knows; else nullopt.
std::optional<Components> foldConstants(const Function& function, const Instruction& instruction);

} // namespace compiler::ir
