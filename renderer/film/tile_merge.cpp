// Tile checks in order of how helpful their message is: wrong files first (sizes, channels,
// renders, tile numbers), then geometry (overlaps, gaps).
#include "renderer/film/tile_merge.h"

#include "renderer/film/image_output.h"
#include "slvm/common/number.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>
#include <optional>
#include <stdexcept>
#include <tuple>

namespace lrt {

namespace {

// Metadata that identifies a render: tiles must agree on each one they both record.
constexpr const char* kRenderKeys[] = {"lrt:scene", "lrt:frame", "lrt:spp", "lrt:integrator",
                                       "lrt:seed"};

struct Rect {
    int x0, y0, x1, y1; // half-open
    long long area() const { return static_cast<long long>(x1 - x0) * (y1 - y0); }
};

Rect dataWindow(const Image& image) {
    return {image.xOrigin, image.yOrigin, image.xOrigin + image.width,
            image.yOrigin + image.height};
}

std::string describe(const Rect& r) {
    return fmt::format("x {}..{}, y {}..{}", r.x0, r.x1 - 1, r.y0, r.y1 - 1);
}

void checkTileNumbers(const std::vector<ImageTile>& tiles) {
    std::optional<int> count;
    const ImageTile* numbered = nullptr; // the first tile with a number, for messages
    std::vector<const ImageTile*> byIndex;
    for (const ImageTile& t : tiles) {
        const std::string tile = metadataValue(t.metadata, "lrt:tile");
        if (tile.empty())
            continue;
        const auto number = parseTileNumber(tile);
        if (!number)
            throw std::runtime_error(
                fmt::format("{}: malformed lrt:tile \"{}\" (expected I/N)", t.path.string(), tile));
        const auto [index, n] = *number;
        if (count && *count != n)
            throw std::runtime_error(
                fmt::format("{} is tile {} but {} is tile {}: they were split differently",
                            numbered->path.string(), metadataValue(numbered->metadata, "lrt:tile"),
                            t.path.string(), tile));
        count = n;
        numbered = numbered ? numbered : &t;
        byIndex.resize(static_cast<std::size_t>(n), nullptr);
        const ImageTile*& slot = byIndex[static_cast<std::size_t>(index)];
        if (slot)
            throw std::runtime_error(fmt::format("{} and {} are both tile {}", slot->path.string(),
                                                 t.path.string(), tile));
        slot = &t;
    }
    for (std::size_t i = 0; i < byIndex.size(); ++i)
        if (!byIndex[i])
            throw std::runtime_error(fmt::format("tile {}/{} is missing", i, byIndex.size()));
}

} // namespace

std::optional<std::pair<int, int>> parseTileNumber(std::string_view text) {
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        return std::nullopt;
    const std::string_view index = text.substr(0, slash), count = text.substr(slash + 1);
    // Digits only: parseIntegerLiteral would also take a sign.
    for (const std::string_view part : {index, count})
        if (part.empty() || part.find_first_not_of("0123456789") != std::string_view::npos)
            return std::nullopt;
    const auto i = slvm::parseIntegerLiteral(index), n = slvm::parseIntegerLiteral(count);
    if (!i || !n || *n < 1 || *n > 65536 || *i >= *n)
        return std::nullopt;
    return std::pair{*i, *n};
}

namespace {

std::pair<int, int> fullSize(const Image& image) {
    return {image.fullWidth > 0 ? image.fullWidth : image.width,
            image.fullHeight > 0 ? image.fullHeight : image.height};
}

// Every tile must be of the same image (size, channels) and the same render (kRenderKeys).
void checkSameRender(const std::vector<ImageTile>& tiles) {
    const ImageTile& first = tiles[0];
    for (const ImageTile& t : tiles) {
        if (fullSize(t.image) != fullSize(first.image))
            throw std::runtime_error(fmt::format(
                "{} is part of a {}x{} image but {} of a {}x{} one", first.path.string(),
                fullSize(first.image).first, fullSize(first.image).second, t.path.string(),
                fullSize(t.image).first, fullSize(t.image).second));
        if (t.image.channelNames != first.image.channelNames ||
            t.image.channels != first.image.channels)
            throw std::runtime_error(fmt::format("{} and {} have different channels",
                                                 first.path.string(), t.path.string()));
        for (const char* key : kRenderKeys) {
            const std::string a = metadataValue(first.metadata, key),
                              b = metadataValue(t.metadata, key);
            if (a != b)
                throw std::runtime_error(
                    fmt::format("{} and {} come from different renders ({} is \"{}\" and \"{}\")",
                                first.path.string(), t.path.string(), key, a, b));
        }
    }
}

// The tiles' bounding box, once they are known to lie in the full image, overlap nowhere and
// leave no hole in it.
Rect coveredBox(const std::vector<ImageTile>& tiles) {
    const auto [fullWidth, fullHeight] = fullSize(tiles[0].image);
    Rect box = dataWindow(tiles[0].image);
    long long area = 0;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const Rect r = dataWindow(tiles[i].image);
        // Within the full image, so nothing below allocates more than a full image.
        if (tiles[i].image.xOrigin < 0 || tiles[i].image.yOrigin < 0 ||
            static_cast<long long>(tiles[i].image.xOrigin) + tiles[i].image.width > fullWidth ||
            static_cast<long long>(tiles[i].image.yOrigin) + tiles[i].image.height > fullHeight)
            throw std::runtime_error(fmt::format("{}: its pixels ({}) lie outside its {}x{} image",
                                                 tiles[i].path.string(), describe(r), fullWidth,
                                                 fullHeight));
        for (std::size_t j = 0; j < i; ++j) {
            const Rect o = dataWindow(tiles[j].image);
            const Rect overlap{std::max(r.x0, o.x0), std::max(r.y0, o.y0), std::min(r.x1, o.x1),
                               std::min(r.y1, o.y1)};
            if (overlap.x0 < overlap.x1 && overlap.y0 < overlap.y1)
                throw std::runtime_error(fmt::format("{} and {} overlap ({})",
                                                     tiles[j].path.string(), tiles[i].path.string(),
                                                     describe(overlap)));
        }
        box = {std::min(box.x0, r.x0), std::min(box.y0, r.y0), std::max(box.x1, r.x1),
               std::max(box.y1, r.y1)};
        area += r.area();
    }
    if (area == box.area())
        return box;
    // Without overlaps, a smaller total area means a hole: find one to name it.
    const int width = box.x1 - box.x0;
    std::vector<bool> covered(static_cast<std::size_t>(box.area()), false);
    for (const ImageTile& t : tiles) {
        const Rect r = dataWindow(t.image);
        for (int y = r.y0; y < r.y1; ++y)
            std::fill_n(covered.begin() +
                            (static_cast<std::ptrdiff_t>(y - box.y0) * width + (r.x0 - box.x0)),
                        t.image.width, true);
    }
    const auto gap = std::find(covered.begin(), covered.end(), false) - covered.begin();
    throw std::runtime_error(fmt::format(
        "the tiles leave pixels out: their union is not a rectangle (pixel {} {} is in none of "
        "them)",
        box.x0 + gap % width, box.y0 + gap / width));
}

// The first tile's metadata, less what differs per tile, with the render time summed.
ImageMetadata mergedMetadata(const std::vector<ImageTile>& tiles) {
    double seconds = 0;
    for (const ImageTile& t : tiles)
        seconds += std::strtod(metadataValue(t.metadata, "lrt:render_seconds").c_str(), nullptr);
    ImageMetadata metadata;
    for (const auto& [key, value] : tiles[0].metadata)
        if (key != "lrt:tile" && key != "lrt:render_seconds" && key != "lrt:command")
            metadata.emplace_back(key, value);
    metadata.emplace_back("lrt:render_seconds", fmt::format("{:.3f}", seconds));
    metadata.emplace_back("lrt:merged_tiles", std::to_string(tiles.size()));
    return metadata;
}

} // namespace

MergedImage mergeTiles(const std::vector<ImageTile>& tiles) {
    if (tiles.empty())
        throw std::runtime_error("no tiles to merge");
    checkSameRender(tiles);
    checkTileNumbers(tiles);
    const Rect box = coveredBox(tiles);

    const ImageTile& first = tiles[0];
    MergedImage merged;
    Image& out = merged.image;
    out = Image(box.x1 - box.x0, box.y1 - box.y0, first.image.channels);
    out.xOrigin = box.x0;
    out.yOrigin = box.y0;
    std::tie(out.fullWidth, out.fullHeight) = fullSize(first.image);
    out.channelNames = first.image.channelNames;
    const auto channels = static_cast<std::size_t>(out.channels);
    out.pixels.assign(static_cast<std::size_t>(box.area()) * channels, 0.0f);
    for (const ImageTile& t : tiles) {
        const Rect r = dataWindow(t.image);
        for (int y = r.y0; y < r.y1; ++y) {
            const std::size_t row = static_cast<std::size_t>(y - box.y0) * out.width;
            const std::size_t at = row + static_cast<std::size_t>(r.x0 - box.x0);
            std::copy_n(
                &t.image.pixels[static_cast<std::size_t>(y - r.y0) * t.image.width * channels],
                static_cast<std::size_t>(t.image.width) * channels, &out.pixels[at * channels]);
        }
    }
    merged.metadata = mergedMetadata(tiles);
    return merged;
}

void mergeTileFiles(const std::vector<std::filesystem::path>& inputs,
                    const std::filesystem::path& output) {
    std::vector<ImageTile> tiles;
    for (const auto& path : inputs) {
        ImageTile t;
        t.path = path;
        t.image = readImage(path, &t.metadata);
        tiles.push_back(std::move(t));
    }
    MergedImage merged = mergeTiles(tiles);
    if (output.extension() == ".exr") {
        writeImage(output, merged.image, merged.metadata);
        return;
    }
    // R, G, B (a grey of the first channel when they are missing); EXR tiles already carry the
    // exposure gain, so HDR gets them as they are and 8-bit formats their display encoding.
    const Image& all = merged.image;
    std::vector<int> rgb;
    for (const char* name : {"R", "G", "B"}) {
        const auto it = std::find(all.channelNames.begin(), all.channelNames.end(), name);
        rgb.push_back(it == all.channelNames.end()
                          ? std::min(static_cast<int>(rgb.size()), all.channels - 1)
                          : static_cast<int>(it - all.channelNames.begin()));
    }
    const bool linear = isLinearFormat(output.extension().string());
    Image display(all.width, all.height, 3);
    display.pixels.reserve(static_cast<std::size_t>(all.width) * all.height * 3);
    const std::string gammaText = metadataValue(merged.metadata, "lrt:gamma");
    const float gammaValue = std::strtof(gammaText.c_str(), nullptr);
    const std::optional<float> gamma =
        gammaValue > 0 ? std::optional(gammaValue) : std::nullopt; // absent or malformed: sRGB
    for (std::size_t p = 0; p < static_cast<std::size_t>(all.width) * all.height; ++p)
        for (int c = 0; c < 3; ++c) {
            const float v = all.pixels[p * static_cast<std::size_t>(all.channels) + rgb[c]];
            display.pixels.push_back(linear ? v : encodeDisplay(v, 1.0f, gamma));
        }
    writeImage(output, display, merged.metadata);
}

} // namespace lrt
