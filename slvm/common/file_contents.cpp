// Reading a whole file into memory.
#include "slvm/common/file_contents.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

} // namespace slvm
