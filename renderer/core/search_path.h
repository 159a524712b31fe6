// Search paths as users write them: folders separated by ':' (LRT_SHADER, Option "searchpath").
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

namespace lrt {

// The folders of a colon-separated list, in order, empty entries skipped.
std::vector<std::filesystem::path> splitSearchPath(std::string_view list);

} // namespace lrt
