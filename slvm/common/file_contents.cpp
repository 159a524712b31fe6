// Reading a whole file into memory: through a stream, or by all the threads with pread.
#include "slvm/common/file_contents.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <tbb/parallel_for.h>
#include <unistd.h>

namespace slvm {

std::optional<std::string> readFileContents(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    // A regular file is read in one piece into a string of its size (a mesh file of hundreds of
    // megabytes is then copied once, not regrown); what has no size, or changes size while read,
    // is read to its end.
    std::error_code error;
    const std::uintmax_t size =
        std::filesystem::is_regular_file(path, error) ? std::filesystem::file_size(path, error) : 0;
    std::string bytes;
    if (!error && size > 0) {
        bytes.resize(static_cast<std::size_t>(size));
        in.read(bytes.data(), static_cast<std::streamsize>(size));
        bytes.resize(static_cast<std::size_t>(in.gcount()));
        if (in.bad())
            return std::nullopt;
        in.clear(); // a file that shrank while it was read ends early: keep what was there
    }
    if (in.peek() != std::char_traits<char>::eof()) { // no size (a pipe), or it grew
        std::ostringstream rest;
        rest << in.rdbuf();
        if (in.bad())
            return std::nullopt;
        bytes += std::move(rest).str();
    }
    return bytes;
}

namespace {

// An open file descriptor, closed when it goes.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

std::optional<FileBytes> readFileInParallel(const std::filesystem::path& path,
                                            const std::function<void(double)>& progress) {
    constexpr std::size_t kPiece = std::size_t{8} << 20;
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        return std::nullopt;
    const auto size = static_cast<std::size_t>(std::filesystem::file_size(path, error));
    const Descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (error || file.fd < 0)
        return std::nullopt;
    FileBytes bytes{std::make_unique_for_overwrite<char[]>(size), size};
    std::atomic<std::size_t> end{size};
    std::atomic<bool> failed{false};
    std::size_t readSoFar = 0;
    std::mutex reporting;
    tbb::parallel_for(std::size_t{0}, (size + kPiece - 1) / kPiece, [&](std::size_t piece) {
        std::size_t at = piece * kPiece;
        const std::size_t stop = std::min(size, at + kPiece);
        while (at < stop) {
            const ssize_t got =
                ::pread(file.fd, bytes.data.get() + at, stop - at, static_cast<off_t>(at));
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0)
                failed = true;
            if (got <= 0)
                break;
            at += static_cast<std::size_t>(got);
        }
        for (std::size_t shortest = end.load(); at < stop && at < shortest;)
            if (end.compare_exchange_weak(shortest, at))
                break;
        if (progress) {
            const std::lock_guard lock(reporting);
            readSoFar += stop - piece * kPiece;
            progress(static_cast<double>(readSoFar) / static_cast<double>(size));
        }
    });
    if (failed)
        return std::nullopt;
    bytes.size = end.load();
    return bytes;
}

} // namespace slvm
