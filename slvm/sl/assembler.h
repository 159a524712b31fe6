// The SL assembler: .sl source text to a verified program, reporting every error in the file.
#pragma once

#include "slvm/sl/verifier.h"

#include <string_view>

namespace slvm::sl {

// Throws ProgramError with one diagnostic per problem, each naming file:line:column.
VerifiedProgram assemble(std::string_view source, std::string_view fileName);

} // namespace slvm::sl
