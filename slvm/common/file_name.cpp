// File-name helpers.
#include "slvm/common/file_name.h"

#include <algorithm>
#include <cctype>

namespace slvm {

std::string lowerCaseExtension(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

} // namespace slvm
