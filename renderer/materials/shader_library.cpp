// Shader lookup along the search path, with a cache keyed by the file's canonical path.
#include "renderer/materials/shader_library.h"

#include "compiler/driver/compile.h"
#include "slvm/sl/shader_file.h"

namespace lrt {

std::optional<std::filesystem::path> ShaderLibrary::find(const std::string& name) const {
    // A name with a shader's extension ("Lambert.cg") asks for that file only.
    std::vector<std::string> files;
    for (const char* extension : kExtensions)
        if (name.ends_with(extension) && name.size() > std::string_view(extension).size())
            files = {name};
    if (files.empty())
        for (const char* extension : kExtensions)
            files.push_back(name + extension);
    for (const auto& folder : searchPath_)
        for (const std::string& file : files) {
            const std::filesystem::path candidate = folder / file;
            std::error_code ec;
            if (std::filesystem::is_regular_file(candidate, ec))
                return candidate;
        }
    return std::nullopt;
}

std::shared_ptr<const slvm::sl::VerifiedProgram>
ShaderLibrary::load(const std::filesystem::path& path) {
    const std::string key = std::filesystem::weakly_canonical(path).string();
    if (const auto it = loaded_.find(key); it != loaded_.end())
        return it->second;
    auto program =
        std::make_shared<const slvm::sl::VerifiedProgram>(slvm::sl::loadShaderFile(path));
    loaded_[key] = program;
    return program;
}

std::shared_ptr<const slvm::sl::VerifiedProgram>
ShaderLibrary::compile(const std::filesystem::path& path,
                       const std::map<std::string, std::vector<float>>& uniforms) {
    auto key = std::make_pair(std::filesystem::weakly_canonical(path).string(), uniforms);
    if (const auto it = compiled_.find(key); it != compiled_.end())
        return it->second;
    compiler::CompileOptions options;
    options.profile = "sl";
    options.uniformValues = uniforms;
    options.searchPath = searchPath_;
    auto program = (path.extension() == ".t" ? compiler::compileTlFile(path, options)
                                             : compiler::compileCgFile(path, options))
                       .sl;
    compiled_.emplace(std::move(key), program);
    return program;
}

} // namespace lrt
