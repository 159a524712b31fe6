// Shader files: one entry point whichever form is on disk.
#include "slvm/sl/shader_file.h"

#include "slvm/common/diagnostic.h"
#include "slvm/sl/assembler.h"
#include "slvm/sl/bytecode.h"

#include <fstream>
#include <iterator>
#include <vector>

namespace slvm::sl {

VerifiedProgram loadShaderFile(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw ProgramError({fileDiagnostic(path.string(), "no such shader file")});
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ProgramError({fileDiagnostic(path.string(), "cannot open shader file")});
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                  std::istreambuf_iterator<char>()};
    const std::span<const std::byte> raw(reinterpret_cast<const std::byte*>(bytes.data()),
                                         bytes.size());
    if (hasSlcMagic(raw))
        return verify(readSlc(raw, path.string()));
    return assemble(std::string_view(bytes.data(), bytes.size()), path.string());
}

} // namespace slvm::sl
