// The SL disassembler: a verified program back to .sl text that re-assembles to the same bytecode.
#pragma once

#include "slvm/sl/verifier.h"

#include <string>

namespace slvm::sl {

// Jump targets become labels named "L<instruction index>"; floats print with %.9g so they
// round-trip exactly.
std::string disassemble(const VerifiedProgram& program);

// Instruction `index` as disassemble writes it, without indentation ("mul r0, N, L"; jump
// targets as labels "L<index>").
std::string disassembleInstruction(const VerifiedProgram& program, std::size_t index);

} // namespace slvm::sl
