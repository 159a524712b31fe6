// Loading a vertex program: the spec's grammar (section 2.14.1.8) for !!VP1.0, !!VP1.1 and
// !!VP2.0 programs, and every rule under which a program "fails to load". Errors name
// file:line:column, quote the line and the spec's rule, and are all reported at once.
#pragma once

#include "slvm/vp2/program.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace slvm::vp2 {

// Throws slvm::ProgramError holding every diagnostic when the program fails to load.
Program parseVertexProgram(std::string_view text, const std::string& fileName);

// Reads and parses a .vp file; a missing or unreadable file is a ProgramError too.
Program loadVertexProgramFile(const std::filesystem::path& path);

} // namespace slvm::vp2
