// Shader files: one entry point whichever form is on disk.
#include "slvm/sl/shader_file.h"

#include "slvm/common/diagnostic.h"
#include "slvm/common/file_contents.h"
#include "slvm/sl/assembler.h"
#include "slvm/sl/bytecode.h"

#include <vector>

namespace slvm::sl {

VerifiedProgram loadShaderFile(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw ProgramError({fileDiagnostic(path.string(), "no such shader file")});
    const auto bytes = readFileContents(path);
    if (!bytes)
        throw ProgramError({fileDiagnostic(path.string(), "cannot open shader file")});
    const std::span<const std::byte> raw(reinterpret_cast<const std::byte*>(bytes->data()),
                                         bytes->size());
    if (hasSlcMagic(raw))
        return verify(readSlc(raw, path.string()));
    return assemble(*bytes, path.string());
}

} // namespace slvm::sl
