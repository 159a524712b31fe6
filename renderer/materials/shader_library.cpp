// Shader lookup along the search path, with a cache keyed by the file's canonical path and the
// uniform values a source is compiled with.
#include "renderer/materials/shader_library.h"

#include "compiler/driver/program_loader.h"

namespace lrt {

std::vector<std::string_view> ShaderLibrary::extensions() {
    return compiler::extensionsFor("sl");
}

std::optional<std::filesystem::path> ShaderLibrary::find(const std::string& name) const {
    // A name with a shader's extension ("Lambert.cg") asks for that file only.
    const std::vector<std::string_view> known = extensions();
    std::vector<std::string> files;
    for (const std::string_view extension : known)
        if (name.ends_with(extension) && name.size() > extension.size())
            files = {name};
    if (files.empty())
        for (const std::string_view extension : known)
            files.push_back(name + std::string(extension));
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
ShaderLibrary::load(const std::filesystem::path& path,
                    const std::map<std::string, std::vector<float>>& uniforms) {
    auto key = std::make_pair(std::filesystem::weakly_canonical(path).string(), uniforms);
    if (const auto it = loaded_.find(key); it != loaded_.end())
        return it->second;
    compiler::CompileOptions options;
    options.profile = "sl";
    options.uniformValues = uniforms;
    options.searchPath = searchPath_;
    options.onFileRead = onFileRead_;
    auto program = compiler::loadProgram(path, options).sl();
    loaded_.emplace(std::move(key), program);
    return program;
}

std::shared_ptr<const slvm::sl::Executor>
ShaderLibrary::executor(const std::shared_ptr<const slvm::sl::VerifiedProgram>& program) {
    auto& made = executors_[program.get()];
    if (!made)
        made = std::make_shared<const slvm::sl::Executor>(*program, execution_.vm,
                                                          execution_.statistics);
    return made;
}

} // namespace lrt
