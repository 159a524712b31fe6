// Shape "plymesh": a PLY file read from disk, gunzipped first when it is gzip'd (pbrt-v4 writes
// .ply.gz), then parsed by parsePly (ply_file.cpp).
#include "renderer/shapes/ply_file.h"
#include "slvm/common/file_contents.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <fmt/format.h>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <tbb/parallel_for.h>
#include <unistd.h>
#include <zlib.h>

namespace lrt {

namespace {

// A gzip'd file may not inflate beyond this: a few kilobytes can otherwise claim gigabytes.
constexpr std::size_t kMaxInflatedBytes = std::size_t{1} << 32;

std::string inflateGzip(std::string_view compressed, const std::string& name) {
    z_stream stream{};
    if (inflateInit2(&stream, 15 + 16) != Z_OK) // 15 + 16: a gzip header
        throw std::runtime_error(fmt::format("{}: cannot start zlib", name));
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
    stream.avail_in = static_cast<uInt>(std::min<std::size_t>(compressed.size(), UINT32_MAX));
    std::string out;
    int status = Z_OK;
    constexpr std::size_t kChunk = std::size_t{1} << 20;
    while (status == Z_OK) {
        if (out.size() >= kMaxInflatedBytes)
            break;
        const std::size_t before = out.size();
        out.resize(before + kChunk);
        stream.next_out = reinterpret_cast<Bytef*>(out.data() + before);
        stream.avail_out = static_cast<uInt>(kChunk);
        status = inflate(&stream, Z_NO_FLUSH);
        // What inflate left unwritten of the chunk (never more than the chunk).
        out.resize(before + kChunk - std::min<std::size_t>(stream.avail_out, kChunk));
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END)
        throw std::runtime_error(
            fmt::format("{}: {}", name,
                        status == Z_OK ? "inflates to more than 4 GiB"
                                       : "not a complete gzip stream (truncated or corrupt)"));
    return out;
}

} // namespace

namespace {

// A regular file's bytes in a buffer of its size that nothing clears first (a mesh of hundreds
// of megabytes is written once, by the read); nullopt for anything else, which
// slvm::readFileContents reads.
struct FileBytes {
    std::unique_ptr<char[]> data;
    std::size_t size = 0;
    std::string_view view() const { return {data.get(), size}; }
};
// An open file descriptor, closed when it goes.
struct Descriptor {
    int fd;
    ~Descriptor() {
        if (fd >= 0)
            ::close(fd);
    }
};

// Reads the file in pieces of kPiece bytes, all the threads at once (the kernel's copy and the
// fresh pages' faults are most of a big file's reading time); a file that shrinks meanwhile is
// kept up to the first byte that could not be read.
std::optional<FileBytes> readRegularFile(const std::filesystem::path& path,
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

bool isGzip(std::string_view bytes) {
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

} // namespace

MeshData loadPlyFile(const std::filesystem::path& path,
                     const std::function<void(double)>& progress) {
    const std::optional<FileBytes> file = readRegularFile(path, progress);
    std::optional<std::string> read = file ? std::nullopt : slvm::readFileContents(path);
    if (!file && !read)
        throw std::runtime_error(fmt::format("cannot open PLY file '{}'", path.string()));
    const std::string_view bytes = file ? file->view() : std::string_view(*read);
    if (isGzip(bytes))
        return parsePly(inflateGzip(bytes, path.string()), path.string());
    return parsePly(bytes, path.string());
}

namespace {

const ParameterSpec kParameters[] = {
    {"filename",
     ValueKind::String,
     {},
     {},
     "the .ply (or gzip'd .ply.gz) file, relative to the scene file (required)"},
};

ShapeSurfaces create(std::span<const double>, const Parameters& p, const ShapeContext& c) {
    ShapeSurfaces made;
    const auto load = [&](const std::filesystem::path& path) {
        return loadPlyFile(path, c.onReadProgress);
    };
    made.surfaces.push_back({loadShapeFile(p, c, "plymesh", load), std::nullopt});
    return made;
}

} // namespace

const ShapeEntry PlyShape::registryEntry{{"plymesh", "", {}, kParameters}, &create};

} // namespace lrt
