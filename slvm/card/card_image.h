// Cards as images: one channel of 32-bit floats, in formats that keep every bit (OpenEXR with a
// lossless compression, float TIFF, PFM). Pixel 0 is the image's bottom-left pixel.
#pragma once

#include "slvm/card/program.h"

#include <array>
#include <filesystem>
#include <string_view>

namespace slvm::card {

// The extensions of the image formats a card can be stored in: all are read, all but .pfm written.
inline constexpr std::array<std::string_view, 4> kCardImageExtensions = {".exr", ".tif", ".tiff",
                                                                         ".pfm"};

// Whether `path`'s extension (in any case) is one of kCardImageExtensions.
bool isCardImagePath(const std::filesystem::path& path);

// Reads a card image; throws ProgramError naming the file when it cannot be read or is not one
// channel of 32-bit floats stored losslessly. The card is not verified yet.
Card readCardImage(const std::filesystem::path& path);

// Whether a card can be written there: .exr and .tif/.tiff. (Debian 12's OpenImageIO 2.4 reads
// PFM but has no PFM writer.)
bool isWritableCardImagePath(const std::filesystem::path& path);

// Writes `card` (EXR or TIFF with ZIP compression, by extension) through a temporary file, so
// that a failed write leaves nothing behind; throws std::runtime_error.
void writeCardImage(const std::filesystem::path& path, const Card& card);

} // namespace slvm::card
