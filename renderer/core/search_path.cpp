#include "renderer/core/search_path.h"

namespace lrt {

std::vector<std::filesystem::path> splitSearchPath(std::string_view list) {
    std::vector<std::filesystem::path> folders;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t colon = list.find(':', start);
        const std::string_view folder = list.substr(start, colon - start);
        if (!folder.empty())
            folders.emplace_back(folder);
        if (colon == std::string_view::npos)
            break;
        start = colon + 1;
    }
    return folders;
}

} // namespace lrt
