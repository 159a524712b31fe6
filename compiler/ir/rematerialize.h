// Rematerialisation: a value computed only from inputs and constants can be recomputed where it
// is used instead of being kept in a register from its definition to its last use. The driver
// runs it when a back end runs out of registers, then generates again (docs/compiler-ir.md).
#pragma once

#include "compiler/ir/ir.h"

namespace compiler::ir {

// Before each use of such a value (of at most `limit` instructions, counting each use of a shared
// operand), a copy of its computation; the originals that no longer have a use go with dead-code
// elimination. Host calls (texture, turbulence, trace, random), control flow and Phis are never
// copied, and neither are uses by Phis. The copies compute the same operations on the same
// operands, so the program's results do not change, bit for bit. Returns whether anything was
// copied.
bool rematerialize(Function& function, int limit);

} // namespace compiler::ir
