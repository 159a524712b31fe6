// Where lrt's bundled data (the SL shader library and the vertex programs) is, found from the
// executable's own path so that an installed tree works wherever it is moved: <prefix>/bin/lrt
// reads <prefix>/share/lrt/{shaders,vertex}, and a build tree's build/<preset>/lrt reads
// build/<preset>/share/lrt, whose folders the build links to the source tree's.
#pragma once

#include "renderer/builder/scene_builder.h"

#include <filesystem>

namespace lrt::cli {

// The running executable's path, symbolic links resolved (/proc/self/exe); throws
// std::filesystem::filesystem_error when /proc is not there.
std::filesystem::path executablePath();

// The data folder of the lrt at `executable` in <bindir>: <bindir>/share/lrt when that is a folder
// (a build tree), else <bindir>/../share/lrt (the installed layout, from GNUInstallDirs), which is
// also what messages name when neither is there.
std::filesystem::path dataDirectory(const std::filesystem::path& executable);

// What lrt render passes to buildScene: the folders of LRT_SHADER, and the bundled shaders/ and
// vertex/ of dataDirectory(executablePath()) (none when the executable cannot be found).
BuildOptions buildOptionsFromEnvironment();

} // namespace lrt::cli
