// Card files by extension.
#include "slvm/card/card_file.h"

#include "slvm/card/assembler.h"
#include "slvm/card/card_image.h"
#include "slvm/common/file_contents.h"

namespace slvm::card {

VerifiedProgram loadCardFile(const std::filesystem::path& path) {
    if (isCardImagePath(path))
        return verify(readCardImage(path));
    const auto text = readFileContents(path);
    if (!text)
        throw ProgramError({fileDiagnostic(path.string(), "cannot read the card file")});
    return verify(assemble(*text, path.string()));
}

} // namespace slvm::card
