// Reading a whole file through one stream buffer copy.
#include "slvm/common/file_contents.h"

#include <fstream>
#include <sstream>

namespace slvm {

std::optional<std::string> readFileContents(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad())
        return std::nullopt;
    return std::move(bytes).str();
}

} // namespace slvm
