// The checkpoint EXR: channels R, G, B (linear, before any exposure gain) and the AOVs; metadata
// lrt:checkpoint:tiles (one '0' or '1' per tile), lrt:checkpoint:identity, and the statistics.
#include "renderer/render/checkpoint_file.h"

#include "renderer/film/rendered_image.h"

#include <algorithm>
#include <fmt/format.h>
#include <sstream>
#include <stdexcept>

namespace lrt {

namespace {

constexpr const char* kTiles = "lrt:checkpoint:tiles";
constexpr const char* kIdentity = "lrt:checkpoint:identity";
constexpr const char* kStatistics = "lrt:checkpoint:statistics";
// EXR files keep channels sorted by name; this keeps the order they were written in.
constexpr const char* kChannels = "lrt:checkpoint:channels";

} // namespace

std::filesystem::path checkpointPath(const std::filesystem::path& output) {
    return output.string() + ".checkpoint.exr";
}

void writeCheckpoint(const std::filesystem::path& path, const RenderResult& partial,
                     const std::string& identity) {
    const Image out = exrChannels(everyLayer(partial.image, partial.aovs)); // before any gain
    std::string channels;
    for (const std::string& name : out.channelNames)
        channels += (channels.empty() ? "" : ",") + name;
    std::string tiles;
    for (const bool done : partial.finishedTiles)
        tiles += done ? '1' : '0';
    const RenderStatistics& s = partial.statistics;
    writeImage(path, out,
               {{kTiles, tiles},
                {kIdentity, identity},
                {kChannels, channels},
                {kStatistics, fmt::format("{} {} {} {} {}", s.rays.camera, s.rays.shadow,
                                          s.rays.secondary, s.droppedSamples, s.samplesPerPixel)}});
}

std::optional<RenderResult> readCheckpoint(const std::filesystem::path& path,
                                           const std::string& identity) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        return std::nullopt;
    ImageMetadata metadata;
    Image all = readImage(path, &metadata);
    const std::string tiles = metadataValue(metadata, kTiles);
    const std::string saved = metadataValue(metadata, kIdentity);
    if (tiles.empty() || tiles.find_first_not_of("01") != std::string::npos || all.channels <= 3)
        throw std::runtime_error(fmt::format("{}: not an lrt checkpoint", path.string()));
    if (saved != identity)
        throw std::runtime_error(fmt::format(
            "{}: the checkpoint belongs to another render and cannot be resumed (it has \"{}\", "
            "this render is \"{}\"); delete it to start again",
            path.string(), saved, identity));
    RenderResult r;
    for (const char c : tiles)
        r.finishedTiles.push_back(c == '1');
    std::istringstream statistics(metadataValue(metadata, kStatistics));
    RenderStatistics& s = r.statistics;
    statistics >> s.rays.camera >> s.rays.shadow >> s.rays.secondary >> s.droppedSamples >>
        s.samplesPerPixel;
    // The channels in the order they were written: colour, then the AOVs.
    std::vector<std::size_t> order;
    std::istringstream names(metadataValue(metadata, kChannels));
    for (std::string name; std::getline(names, name, ',');) {
        const auto it = std::find(all.channelNames.begin(), all.channelNames.end(), name);
        if (it == all.channelNames.end())
            throw std::runtime_error(
                fmt::format("{}: the checkpoint lacks its channel '{}'", path.string(), name));
        order.push_back(static_cast<std::size_t>(it - all.channelNames.begin()));
    }
    if (order.size() != static_cast<std::size_t>(all.channels))
        throw std::runtime_error(fmt::format("{}: not an lrt checkpoint", path.string()));
    r.image = all;
    r.image.channels = 3;
    r.image.channelNames.clear();
    r.aovs = all;
    r.aovs.channels = all.channels - 3;
    r.aovs.channelNames.clear();
    for (std::size_t c = 3; c < order.size(); ++c)
        r.aovs.channelNames.push_back(all.channelNames[order[c]]);
    const std::size_t pixels = static_cast<std::size_t>(all.width) * all.height;
    const auto stride = static_cast<std::size_t>(all.channels);
    r.image.pixels.resize(pixels * 3);
    r.aovs.pixels.resize(pixels * (stride - 3));
    for (std::size_t p = 0; p < pixels; ++p)
        for (std::size_t c = 0; c < stride; ++c) {
            const float v = all.pixels[p * stride + order[c]];
            if (c < 3)
                r.image.pixels[p * 3 + c] = v;
            else
                r.aovs.pixels[p * (stride - 3) + c - 3] = v;
        }
    return r;
}

} // namespace lrt
