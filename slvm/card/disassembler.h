// The card disassembler: a verified card back to the text the assembler reads, so that
// assembling it gives the same floats.
#pragma once

#include "slvm/card/verifier.h"

#include <string>

namespace slvm::card {

std::string disassemble(const VerifiedProgram& program);

} // namespace slvm::card
