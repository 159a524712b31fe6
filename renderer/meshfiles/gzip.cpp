// Inflating gzip with zlib, a chunk at a time, up to the bound.
#include "renderer/meshfiles/gzip.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>
#include <zlib.h>

namespace lrt {

namespace {

// A gzip'd file may not inflate beyond this: a few kilobytes can otherwise claim gigabytes.
constexpr std::size_t kMaxInflatedBytes = std::size_t{1} << 32;

} // namespace

bool isGzip(std::string_view bytes) {
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

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

} // namespace lrt
