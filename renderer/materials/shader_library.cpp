// Shader lookup along the search path, with a cache keyed by the file's canonical path and the
// uniform values a source is compiled with.
#include "renderer/materials/shader_library.h"

#include "compiler/driver/program_loader.h"

namespace lrt {

std::vector<std::string_view> ShaderLibrary::extensions() {
    return compiler::extensionsFor(compiler::ProfileId::Sl);
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
    ProgramCache::Key cacheKey{key.first, uniforms, searchPath_, execution_.vm};
    if (const ProgramCache::Entry* kept = cache_ ? cache_->find(cacheKey) : nullptr) {
        for (const std::filesystem::path& file : kept->files)
            if (onFileRead_)
                onFileRead_(file);
        if (kept->executor)
            executors_[kept->program.get()] = kept->executor;
        else // loaded by a build that failed before it made one
            keys_.emplace(kept->program.get(), cacheKey);
        loaded_.emplace(std::move(key), kept->program);
        used_.insert(std::move(cacheKey));
        ++programsReused_;
        return kept->program;
    }
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Sl;
    options.uniformValues = uniforms;
    options.searchPath = searchPath_;
    std::vector<std::filesystem::path> files;
    options.onFileRead = [&](const std::filesystem::path& file) {
        files.push_back(std::filesystem::absolute(file).lexically_normal());
        if (onFileRead_)
            onFileRead_(file);
    };
    auto program = compiler::loadProgram(path, options).sl();
    ++programsLoaded_;
    loaded_.emplace(std::move(key), program);
    if (cache_) {
        cache_->insert(cacheKey, {program, nullptr, std::move(files)});
        keys_.emplace(program.get(), cacheKey);
        used_.insert(std::move(cacheKey));
    }
    return program;
}

std::shared_ptr<const slvm::sl::Executor>
ShaderLibrary::executor(const std::shared_ptr<const slvm::sl::VerifiedProgram>& program) {
    auto& made = executors_[program.get()];
    if (!made) {
        made = std::make_shared<const slvm::sl::Executor>(*program, execution_.vm,
                                                          execution_.statistics);
        if (const auto key = keys_.find(program.get()); key != keys_.end())
            cache_->setExecutor(key->second, made);
    }
    return made;
}

} // namespace lrt
