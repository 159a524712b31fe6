// Reading a vertex program: the spec's grammar (section 2.14.1.8) for !!VP1.0, !!VP1.1 and !!VP2.0
// programs into a Program, then the load rules of the verifier. Errors name file:line:column, quote
// the line (and the spec's rule, for load rules), and are all reported at once.
#pragma once

#include "slvm/common/diagnostic.h"
#include "slvm/vp2/program.h"
#include "slvm/vp2/verifier.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace slvm::vp2 {

// The program as written, and every syntax error (an instruction with one is left out; a program
// whose header is wrong has no instructions). Load rules are not checked.
struct ParsedProgram {
    Program program;
    std::vector<Diagnostic> errors;
};
ParsedProgram parseVertexProgram(std::string_view text, const std::string& fileName);

// Parses and verifies; throws ProgramError holding every syntax error and broken load rule, in
// source order.
VerifiedProgram loadVertexProgram(std::string_view text, const std::string& fileName);

// Reads and loads a .vp file; a missing or unreadable file is a ProgramError too.
VerifiedProgram loadVertexProgramFile(const std::filesystem::path& path);

} // namespace slvm::vp2
