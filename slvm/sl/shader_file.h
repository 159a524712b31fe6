// Loading a shader from disk: .slc bytecode (recognised by its magic) or .sl source.
#pragma once

#include "slvm/sl/verifier.h"

#include <filesystem>

namespace slvm::sl {

// Reads, assembles or decodes, and verifies; throws ProgramError (or std::runtime_error for I/O).
VerifiedProgram loadShaderFile(const std::filesystem::path& path);

} // namespace slvm::sl
