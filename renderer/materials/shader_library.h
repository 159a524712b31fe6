// Where shaders are found and the programs loaded so far: Surface "name" names name.slc, else
// name.sl, else name.cg, else name.t (the formats of profile sl, compiler/driver/program_loader.h),
// in each folder of the search path in turn (the scene's Option "searchpath", then LRT_SHADER,
// then the scene's folder, then the bundled shaders/). Each file is loaded and verified once per
// scene however many surfaces use it, and a source once per distinct set of uniform values (the
// program is specialised to them). With a ProgramCache, what an earlier build loaded from files
// that have not changed since is taken from it.
#pragma once

#include "renderer/materials/program_cache.h"
#include "slvm/jit/native_code.h"
#include "slvm/sl/executor.h"
#include "slvm/sl/verifier.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

class ShaderLibrary {
public:
    // `onFileRead`, when set, is called with each file a load reads: the shader's own (before it
    // is read), then those it includes.
    // A program taken from `cache` reports the files it was loaded from all the same.
    // `execution`: whether shaders are compiled to native code (executor()).
    // `cache`: programs of an earlier build to take over, and where this build's are kept; may
    // be null. It must outlive the library.
    explicit ShaderLibrary(std::vector<std::filesystem::path> searchPath,
                           std::function<void(const std::filesystem::path&)> onFileRead = {},
                           slvm::jit::ExecutionChoice execution = {}, ProgramCache* cache = nullptr)
        : searchPath_(std::move(searchPath)), onFileRead_(std::move(onFileRead)),
          execution_(execution), cache_(cache) {}

    const std::vector<std::filesystem::path>& searchPath() const { return searchPath_; }
    // The shader file for `name`, or nullopt when no folder has one. A name that ends in one of
    // extensions() ("Lambert.cg") names that file, so a scene can pick one of two twins.
    std::optional<std::filesystem::path> find(const std::string& name) const;
    // The program in `path` for profile sl (a source compiled with these uniform values), loaded
    // once per file and set of values; throws slvm::ProgramError with every diagnostic when it
    // does not load or compile.
    std::shared_ptr<const slvm::sl::VerifiedProgram>
    load(const std::filesystem::path& path,
         const std::map<std::string, std::vector<float>>& uniforms = {});

    // What runs `program` (one load() returned), compiled or interpreted as `execution` and the
    // rule of slvm/jit/executor.h choose: made (and compiled) once per program. The result must
    // not outlive `program`.
    std::shared_ptr<const slvm::sl::Executor>
    executor(const std::shared_ptr<const slvm::sl::VerifiedProgram>& program);

    // The file extensions a shader may have, in the order they are looked for.
    static std::vector<std::string_view> extensions();

    // What this library loaded (its ProgramCache keys): what a build keeps of the cache.
    const std::set<ProgramCache::Key>& used() const { return used_; }
    // Programs loaded from their files, and taken from the cache.
    std::size_t programsLoaded() const { return programsLoaded_; }
    std::size_t programsReused() const { return programsReused_; }

private:
    std::vector<std::filesystem::path> searchPath_;
    std::function<void(const std::filesystem::path&)> onFileRead_;
    std::map<std::pair<std::string, std::map<std::string, std::vector<float>>>,
             std::shared_ptr<const slvm::sl::VerifiedProgram>>
        loaded_;
    slvm::jit::ExecutionChoice execution_;
    std::map<const slvm::sl::VerifiedProgram*, std::shared_ptr<const slvm::sl::Executor>>
        executors_;
    ProgramCache* cache_;
    std::map<const slvm::sl::VerifiedProgram*, ProgramCache::Key> keys_; // of what was loaded
    std::set<ProgramCache::Key> used_;
    std::size_t programsLoaded_ = 0;
    std::size_t programsReused_ = 0;
};

} // namespace lrt
