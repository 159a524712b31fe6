// The IR verifier, in the manner of LLVM's verifyFunction: every invariant docs/compiler-ir.md
// states, checked on a whole function. The driver runs it after the front end and after every
// pass, so a pass that breaks the IR is caught at the pass, with its name, not as a wrong program
// further on.
#pragma once

#include "compiler/ir/ir.h"

#include <string>
#include <string_view>
#include <vector>

namespace compiler::ir {

// Every broken invariant, one line each ("%12: add float3 takes widths 3 and 2"), in the order
// the body is walked; empty when the function is well formed:
// - blocks form a tree from block 0 (each reached once, by one If), each value listed once;
// - each instruction has its op's operand count and a type of 1 to 4 components (void for
//   Output, Discard and If), and its operands' types fit the op (widths equal or a broadcast of
//   one component, bools for logic and conditions, floats for arithmetic);
// - each operand is defined before it is used, in its block or an enclosing one; a value
//   defined inside an If's block is seen after the If only through a Phi;
// - each Phi follows its If in the same block, with operands of its own type, operand 0 seen at
//   the end of the then-block and operand 1 at the end of the else-block.
std::vector<std::string> verifyFunction(const Function& function);

// Throws std::logic_error ("internal compiler error: the IR after <stage> is malformed: ...",
// followed by the printed function) when verifyFunction finds anything.
void verify(const Function& function, std::string_view stage);

} // namespace compiler::ir
