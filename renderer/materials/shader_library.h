// Where shaders are found and the programs loaded so far: Surface "name" names name.slc, else
// name.sl, else name.cg, in each folder of the search path in turn (the scene's Option
// "searchpath", then LRT_SHADER, then the scene's folder, then the bundled shaders/). Each SL file
// is loaded and verified once per scene however many surfaces use it; each Cg file is compiled
// once per distinct set of uniform values (the program is specialised to them).
#pragma once

#include "slvm/sl/verifier.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

class ShaderLibrary {
public:
    explicit ShaderLibrary(std::vector<std::filesystem::path> searchPath)
        : searchPath_(std::move(searchPath)) {}

    const std::vector<std::filesystem::path>& searchPath() const { return searchPath_; }
    // The shader file for `name`, or nullopt when no folder has one. A name that ends in one of
    // kExtensions ("Lambert.cg") names that file, so a scene can pick one of two twins.
    std::optional<std::filesystem::path> find(const std::string& name) const;
    // The program in `path`, loaded once; throws slvm::ProgramError when it does not load.
    std::shared_ptr<const slvm::sl::VerifiedProgram> load(const std::filesystem::path& path);
    // The Cg (or T-Language, .t) shader in `path` compiled for profile sl with these uniform
    // values, once per set; throws slvm::ProgramError with the compiler's diagnostics when it does
    // not compile.
    std::shared_ptr<const slvm::sl::VerifiedProgram>
    compile(const std::filesystem::path& path,
            const std::map<std::string, std::vector<float>>& uniforms);

    // The file extensions a shader may have, in the order they are looked for.
    static constexpr const char* kExtensions[] = {".slc", ".sl", ".cg", ".t"};

private:
    std::vector<std::filesystem::path> searchPath_;
    std::map<std::string, std::shared_ptr<const slvm::sl::VerifiedProgram>> loaded_;
    std::map<std::pair<std::string, std::map<std::string, std::vector<float>>>,
             std::shared_ptr<const slvm::sl::VerifiedProgram>>
        compiled_;
};

} // namespace lrt
