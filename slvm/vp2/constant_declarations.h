// Constant declarations in a vertex program's comments, in the form NVIDIA's cgc writes them
// ("#const c[21] = 2 4 0 1"): the initial values of program parameter registers. lrt's compiler
// writes them too, so a compiled .vp runs on its own; a binding's parameters override them.
#pragma once

#include "slvm/common/diagnostic.h"
#include "slvm/vp2/program.h"

#include <vector>

namespace slvm::vp2 {

// Every "#const" line of `source` (a line whose first word is #const), in line order. A line
// that does not have the form "#const c[N] = x [y [z [w]]]" is an error, and so is a number outside
// the numeric contract of program literals or a register declared twice; that c[N] exists in the
// program's version is the verifier's rule. Components left out are y = z = 0 and w = 1, as in
// the PARAM statements cgc writes beside them (ARB_vertex_program, section 2.14.3.3).
std::vector<ConstantDeclaration> readConstantDeclarations(const SourceText& source,
                                                          std::vector<Diagnostic>& errors);

} // namespace slvm::vp2
