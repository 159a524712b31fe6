// The AOV layers a render computes and which of them an EXR output carries besides R, G, B:
// chosen by name, from the scene's Option "output" "aov" or the --aov flag. The layer table here
// is the one list of them: the renderer's AOV channels come from it, in its order.
#pragma once

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

struct FilmDescription;

// A layer, and where its channels lie in the render's AOV image (its pixels hold every layer's
// channels, layer after layer, in this table's order).
struct AovLayer {
    std::string_view name;
    int offset; // its first channel
    int count;  // its channels: channels[0, count)
    std::array<std::string_view, 6> channels;
};

// The layers by name, each with the channels it writes:
//   alpha   A                            coverage of the camera samples (colour is premultiplied)
//   albedo  albedo.R albedo.G albedo.B   first hit's albedo
//   normal  N.X N.Y N.Z                  first hit's shading normal
//   depth   Z                            distance along the camera ray (inf where nothing is hit)
//   samples sampleCount                  samples that counted (finite radiance)
//   halves  half0.R half0.G half0.B      the colour from the first half of the samples alone,
//           half1.R half1.G half1.B      and from the second half (what the denoiser reads)
// "all" (the default) is every layer; "none" leaves R, G, B alone.
inline constexpr AovLayer kAovLayers[] = {
    {"alpha", 0, 1, {"A"}},
    {"albedo", 1, 3, {"albedo.R", "albedo.G", "albedo.B"}},
    {"normal", 4, 3, {"N.X", "N.Y", "N.Z"}},
    {"depth", 7, 1, {"Z"}},
    {"samples", 8, 1, {"sampleCount"}},
    {"halves", 9, 6, {"half0.R", "half0.G", "half0.B", "half1.R", "half1.G", "half1.B"}},
};

// The layer named `name`; naming no layer is a compile error where it is evaluated as a
// constant, as the channel constants below are.
constexpr const AovLayer& aovLayer(std::string_view name) {
    for (const AovLayer& layer : kAovLayers)
        if (layer.name == name)
            return layer;
    throw std::logic_error("no such AOV layer");
}

// Each layer's first channel in the render's AOV image, and how many channels it has.
inline constexpr int kAlphaChannel = aovLayer("alpha").offset;
inline constexpr int kAlbedoChannel = aovLayer("albedo").offset; // R, G, B
inline constexpr int kNormalChannel = aovLayer("normal").offset; // X, Y, Z
inline constexpr int kDepthChannel = aovLayer("depth").offset;
inline constexpr int kSampleCountChannel = aovLayer("samples").offset;
inline constexpr int kHalvesChannel = aovLayer("halves").offset; // half0 R, G, B, then half1
// The half buffer that sample `index` of a pixel's `count` samples goes to: the first half of
// them to half0, the rest to half1. Each is then an aligned block of the pixel's Sobol points, a
// well-spread estimate of the whole pixel; even- and odd-numbered samples are not (Sobol puts the
// two points of every aligned pair in opposite halves of each dimension's interval, so the two
// would see different halves of the pixel, of the lens and of every light; docs/decisions.md).
constexpr int halfBufferOf(std::size_t index, std::size_t count) {
    return 2 * index < count ? 0 : 1;
}
inline constexpr int kAovChannels =
    std::end(kAovLayers)[-1].offset + std::end(kAovLayers)[-1].count;

// The layers follow one another with no gap, so that the offsets above are where
// aovChannelNames() puts their names.
constexpr bool aovLayersAreContiguous() {
    int next = 0;
    for (const AovLayer& layer : kAovLayers) {
        if (layer.offset != next)
            return false;
        next += layer.count;
    }
    return true;
}
static_assert(aovLayersAreContiguous());

std::vector<std::string_view> aovNames();
std::vector<std::string> allAovs();
// Every layer's channels, layer after layer: the channels of the render's AOV image.
std::vector<std::string> aovChannelNames();

// The layer names of a comma-separated `list` ("all", "none" or layer names), or a message saying
// what is wrong (with a suggestion for a misspelt name).
struct AovList {
    std::vector<std::string> layers;
    std::string error; // empty when the list is valid
};
AovList parseAovList(std::string_view list);

// The layers an EXR of `film` carries: its AOV list, and depth when its Display mode asks for z.
std::vector<std::string> exrAovLayers(const FilmDescription& film);

// Whether channel `name` (of the render's AOV image) belongs to one of `layers`.
bool aovChannelSelected(std::string_view channel, const std::vector<std::string>& layers);

} // namespace lrt
