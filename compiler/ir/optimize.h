// The optimiser: passes over the IR that keep its meaning (constant folding and algebraic
// simplification, if-conversion of constant conditions, common-subexpression elimination, dead
// code elimination), and flattenIfs, the if-conversion that targets without branches need.
#pragma once

#include "compiler/ir/ir.h"

namespace compiler::ir {

// Runs every meaning-preserving pass until the function stops changing.
void optimize(Function& function);

// Folds constants and simplifies (x + 0, x * 1, swizzles of swizzles and constructs); an If on a
// constant condition becomes the block it would run. Returns whether anything changed.
bool simplify(Function& function);
// Merges equal pure instructions where the first dominates the second.
bool eliminateCommonSubexpressions(Function& function);
// Removes pure instructions nothing uses, and Ifs that no longer do anything.
bool eliminateDeadCode(Function& function);

// Replaces every If by both of its blocks and its Phis by Selects: for targets without branches.
// The front end has made sure no block holds an effect (trace, random, discard).
void flattenIfs(Function& function);

} // namespace compiler::ir
