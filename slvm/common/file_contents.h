// Reading a whole file: the one way lrt's loaders, readers and commands take a file's bytes.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace slvm {

// The bytes of `path` exactly as stored (no line-end or encoding translation); nullopt when it
// cannot be opened or read. Each caller words the error its own way, at its own place.
std::optional<std::string> readFileContents(const std::filesystem::path& path);

} // namespace slvm
