// gzip'd mesh files (pbrt-v4 writes .ply.gz): recognising them, and inflating them with a bound
// on what a few compressed kilobytes may claim.
#pragma once

#include <string>
#include <string_view>

namespace lrt {

// Whether `bytes` start with gzip's magic bytes.
bool isGzip(std::string_view bytes);

// The bytes `compressed` inflates to. Throws std::runtime_error naming `name` for a stream that
// is not a complete gzip stream, or that inflates to more than 4 GiB (a decompression bomb).
std::string inflateGzip(std::string_view compressed, const std::string& name);

} // namespace lrt
