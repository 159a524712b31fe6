// The SL disassembler: a verified program back to .sl text that re-assembles to the same bytecode.
#pragma once

#include "slvm/sl/verifier.h"

#include <string>

namespace slvm::sl {

// Jump targets become labels named "L<instruction index>"; floats print with %.9g so they
// round-trip exactly.
std::string disassemble(const VerifiedProgram& program);

} // namespace slvm::sl
