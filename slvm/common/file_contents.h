// Reading a whole file: the one way lrt's loaders, readers and commands take a file's bytes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace slvm {

// The bytes of `path` exactly as stored (no line-end or encoding translation); nullopt when it
// cannot be opened or read. Each caller words the error its own way, at its own place.
std::optional<std::string> readFileContents(const std::filesystem::path& path);

// A regular file's bytes in a buffer of its size that nothing clears first (a mesh of hundreds
// of megabytes is written once, by the read).
struct FileBytes {
    std::unique_ptr<char[]> data;
    std::size_t size = 0;
    std::string_view view() const { return {data.get(), size}; }
};

// The bytes of the regular file at `path`, read by all the threads at once (for big files, whose
// reading time is mostly the kernel's copy and the fresh pages' faults); a file that shrinks
// meanwhile is kept up to the first byte that could not be read. nullopt for anything but a
// regular file, or where it cannot be read: readFileContents reads what is not a regular file.
// `progress`, when set, is called with the fraction of the bytes read so far, from any of the
// threads (at most one call at a time).
std::optional<FileBytes> readFileInParallel(const std::filesystem::path& path,
                                            const std::function<void(double)>& progress = {});

} // namespace slvm
