// Card files by extension.
#include "slvm/card/card_file.h"

#include "slvm/card/assembler.h"
#include "slvm/card/card_image.h"

#include <fstream>
#include <sstream>

namespace slvm::card {

VerifiedProgram loadCardFile(const std::filesystem::path& path) {
    if (isCardImagePath(path))
        return verify(readCardImage(path));
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
        throw ProgramError({fileDiagnostic(path.string(), "cannot read the card file")});
    std::stringstream text;
    text << stream.rdbuf();
    return verify(assemble(text.str(), path.string()));
}

} // namespace slvm::card
