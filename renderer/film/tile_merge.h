// Assembling images rendered in pieces (--crop, --tile, one farm task each) into one: the pieces
// must come from the same render, and must neither overlap nor leave pixels out.
#pragma once

#include "renderer/image/image_file.h"

#include <filesystem>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace lrt {

struct ImageTile {
    std::filesystem::path path; // for messages
    Image image;                // its data window within the full image
    ImageMetadata metadata;
};

struct MergedImage {
    Image image; // the union of the tiles' data windows
    ImageMetadata metadata;
};

// "I/N" as --tile and the lrt:tile attribute spell a band: 0 <= I < N <= 65536; else nullopt.
std::optional<std::pair<int, int>> parseTileNumber(std::string_view text);

// Checks and places the tiles. They must share the full image size, channels and render
// (lrt:frame, lrt:spp, lrt:integrator, lrt:seed, lrt:scene where recorded); tiles of --tile I/N
// (lrt:tile) must all be there, once each; no two may overlap; together they must cover a
// rectangle. Throws std::runtime_error naming the files and pixels at fault.
MergedImage mergeTiles(const std::vector<ImageTile>& tiles);

// Reads the tiles, merges them and writes the result atomically: EXR keeps every channel and the
// data window in the display window; 8-bit formats get R, G, B encoded for display (sRGB, or the
// gamma recorded in lrt:gamma).
void mergeTileFiles(const std::vector<std::filesystem::path>& inputs,
                    const std::filesystem::path& output);

} // namespace lrt
