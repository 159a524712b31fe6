// Test helper: a file's bytes exactly as stored (no line-end or encoding translation).
#pragma once

#include "slvm/common/file_contents.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <string>

namespace testing_files {

// The bytes of a file the test cannot do without (test data in the repository); a file that
// may be missing is slvm::readFileContents's.
inline std::string requiredFileBytes(const std::filesystem::path& path) {
    const auto bytes = slvm::readFileContents(path);
    INFO("cannot read " << path.string());
    REQUIRE(bytes);
    return *bytes;
}

} // namespace testing_files
