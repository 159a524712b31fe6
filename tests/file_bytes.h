// Test helper: a file's bytes exactly as stored (no line-end or encoding translation).
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace testing_files {

// The bytes of `path`, or nullopt when it cannot be opened.
inline std::optional<std::string> fileBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// The bytes of a file the test cannot do without (test data in the repository).
inline std::string requiredFileBytes(const std::filesystem::path& path) {
    const auto bytes = fileBytes(path);
    INFO("cannot read " << path.string());
    REQUIRE(bytes);
    return *bytes;
}

} // namespace testing_files
