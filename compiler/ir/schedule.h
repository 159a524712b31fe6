// Scheduling for register pressure: the pure instructions of each block put in an order that
// keeps fewer values alive at once, by Sethi-Ullman numbering generalised to the IR's DAG. The
// driver runs it when a back end runs out of registers (docs/compiler-ir.md).
#pragma once

#include "compiler/ir/ir.h"

namespace compiler::ir {

// Reorders each block's instructions, moving only pure ones and only within their block:
// - the instructions that are not pure (trace, random, outputs, discards, Ifs and their Phis)
//   keep their order, and each Phi still follows its If at once;
// - each is preceded by what it needs that is not yet computed, the operand whose evaluation
//   needs the most registers first (the number a value holds counted apart for vectors, of two
//   to four components, and scalars, of one and of the w of four);
// - an instruction whose operands are all computed is computed at once when the values it is the
//   last to read hold more registers than its result does (constants and inputs, which hold
//   none, come first).
// Every instruction computes the same operation on the same operands, so the program's results do
// not change, bit for bit. Returns whether any block's order changed.
bool scheduleForRegisters(Function& function);

} // namespace compiler::ir
