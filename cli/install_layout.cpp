// The bundled data's folders, from the executable's path (never from a compiled-in absolute path,
// which would tie an installation to where it was built or first installed).
#include "cli/install_layout.h"

#include "renderer/core/search_path.h"

#include <cstdlib>

namespace lrt::cli {

std::filesystem::path executablePath() {
    return std::filesystem::read_symlink("/proc/self/exe");
}

std::filesystem::path dataDirectory(const std::filesystem::path& executable) {
    const std::filesystem::path binDirectory = executable.parent_path();
    // LRT_DATA_FROM_BINDIR is relative (GNUInstallDirs' datadir/lrt seen from its bindir,
    // normally ../share/lrt), so it holds wherever the tree is installed or moved to.
    const std::filesystem::path installed =
        (binDirectory / LRT_DATA_FROM_BINDIR).lexically_normal();
    const std::filesystem::path buildTree = binDirectory / "share" / "lrt";
    // The build tree's first: no installed lrt has a share/ inside its bindir, while a build tree
    // may sit below a prefix something was installed to (cmake --install build/release --prefix
    // build), whose copies must not shadow the source tree's.
    std::error_code ec;
    if (std::filesystem::is_directory(buildTree, ec))
        return buildTree;
    return installed;
}

BuildOptions buildOptionsFromEnvironment() {
    BuildOptions options;
    const char* shaderVariable = std::getenv("LRT_SHADER");
    options.shaderPath = splitSearchPath(shaderVariable ? shaderVariable : "");
    std::filesystem::path data;
    try {
        data = dataDirectory(executablePath());
    } catch (const std::filesystem::filesystem_error&) {
        return options; // without /proc, only the scene's own folders and LRT_SHADER are searched
    }
    options.bundledShaders = data / "shaders";
    options.bundledVertexPrograms = data / "vertex";
    return options;
}

} // namespace lrt::cli
