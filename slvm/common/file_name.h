// File names as lrt's loaders tell formats apart by them.
#pragma once

#include <filesystem>
#include <string>

namespace slvm {

// The extension of `path` with its dot, in lower case (".exr" for "card.EXR"); "" for none.
std::string lowerCaseExtension(const std::filesystem::path& path);

} // namespace slvm
