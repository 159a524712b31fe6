// Where shaders are found and the programs loaded so far: Surface "name" names name.slc, else
// name.sl, else name.cg, else name.t (the formats of profile sl, compiler/driver/program_loader.h),
// in each folder of the search path in turn (the scene's Option "searchpath", then LRT_SHADER,
// then the scene's folder, then the bundled shaders/). Each file is loaded and verified once per
// scene however many surfaces use it, and a source once per distinct set of uniform values (the
// program is specialised to them).
#pragma once

#include "slvm/jit/native_code.h"
#include "slvm/sl/executor.h"
#include "slvm/sl/verifier.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

class ShaderLibrary {
public:
    // `onFileRead`, when set, is called with each file a load reads: the shader's own (before it
    // is read), then those it includes.
    // `execution`: whether shaders are compiled to native code (executor()).
    explicit ShaderLibrary(std::vector<std::filesystem::path> searchPath,
                           std::function<void(const std::filesystem::path&)> onFileRead = {},
                           slvm::jit::ExecutionChoice execution = {})
        : searchPath_(std::move(searchPath)), onFileRead_(std::move(onFileRead)),
          execution_(execution) {}

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

private:
    std::vector<std::filesystem::path> searchPath_;
    std::function<void(const std::filesystem::path&)> onFileRead_;
    std::map<std::pair<std::string, std::map<std::string, std::vector<float>>>,
             std::shared_ptr<const slvm::sl::VerifiedProgram>>
        loaded_;
    slvm::jit::ExecutionChoice execution_;
    std::map<const slvm::sl::VerifiedProgram*, std::shared_ptr<const slvm::sl::Executor>>
        executors_;
};

} // namespace lrt
