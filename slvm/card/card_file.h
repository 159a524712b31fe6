// Loading a card from a file, whichever form it is in: an image (.exr, .tif, .tiff, .pfm) or the
// assembler's text (any other name, .pc by convention). Either way it is verified.
#pragma once

#include "slvm/card/verifier.h"

#include <filesystem>

namespace slvm::card {

// Throws ProgramError naming the file (and the pixel, or line and column) when it cannot be used.
VerifiedProgram loadCardFile(const std::filesystem::path& path);

} // namespace slvm::card
