// Where SL shaders are found and the programs loaded so far: Surface "name" names name.slc, else
// name.sl, in each folder of the search path in turn (the scene's Option "searchpath", then
// LRT_SHADER, then the scene's folder, then the bundled shaders/). Each file is loaded and verified
// once per scene however many surfaces use it.
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
    // The shader file for `name`, or nullopt when no folder has one.
    std::optional<std::filesystem::path> find(const std::string& name) const;
    // The program in `path`, loaded once; throws slvm::ProgramError when it does not load.
    std::shared_ptr<const slvm::sl::VerifiedProgram> load(const std::filesystem::path& path);

private:
    std::vector<std::filesystem::path> searchPath_;
    std::map<std::string, std::shared_ptr<const slvm::sl::VerifiedProgram>> loaded_;
};

} // namespace lrt
