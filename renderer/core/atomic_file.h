// Files that appear whole or not at all: the content is written to a temporary name beside the
// target and renamed into place, so a killed process never leaves a half-written image, stats file
// or checkpoint where a reader would take it for a finished one.
#pragma once

#include <filesystem>
#include <string_view>

namespace lrt {

class AtomicFile {
public:
    // The temporary lives in `target`'s folder (a rename never crosses file systems) and keeps
    // its extension, so format-sniffing writers such as OpenImageIO pick the same format.
    explicit AtomicFile(std::filesystem::path target);
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;
    // Removes the temporary unless commit() moved it into place.
    ~AtomicFile();

    // Where to write the content.
    const std::filesystem::path& temporary() const { return temporary_; }
    // Renames the temporary to the target; throws std::runtime_error naming the target.
    void commit();

private:
    std::filesystem::path target_;
    std::filesystem::path temporary_;
    bool committed_ = false;
};

// Writes `bytes` to `path` atomically; throws std::runtime_error naming the file.
void writeFileAtomically(const std::filesystem::path& path, std::string_view bytes);

} // namespace lrt
