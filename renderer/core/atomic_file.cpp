// Temporary-and-rename file writing.
#include "renderer/core/atomic_file.h"

#include <fmt/format.h>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace lrt {

AtomicFile::AtomicFile(std::filesystem::path target)
    : target_(std::move(target)),
      temporary_(target_.parent_path() / fmt::format(".{}.{}.tmp{}", target_.stem().string(),
                                                     getpid(), target_.extension().string())) {}

AtomicFile::~AtomicFile() {
    if (!committed_) {
        std::error_code ignored;
        std::filesystem::remove(temporary_, ignored);
    }
}

void AtomicFile::commit() {
    std::error_code ec;
    std::filesystem::rename(temporary_, target_, ec);
    if (ec)
        throw std::runtime_error(fmt::format("{}: cannot move the finished file into place: {}",
                                             target_.string(), ec.message()));
    committed_ = true;
}

void writeFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
    AtomicFile file(path);
    {
        std::ofstream out(file.temporary(), std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out.flush())
            throw std::runtime_error(fmt::format("{}: cannot write file", path.string()));
    }
    file.commit();
}

} // namespace lrt
