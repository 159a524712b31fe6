// Finding the denoiser's layers among an image's channels, and the denoised image with its noisy
// colour kept beside it.
#include "renderer/denoise/denoise_image.h"

#include "renderer/description/aov_selection.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {

// The channel names an image has: its own, or R, G, B (A) when it names none.
std::vector<std::string> namesOf(const Image& image) {
    if (!image.channelNames.empty())
        return image.channelNames;
    std::vector<std::string> names{"R", "G", "B", "A"};
    names.resize(static_cast<std::size_t>(std::min(image.channels, 4)));
    return names;
}

// Where each of `wanted` lies among `names`; names.size() for one that is missing.
std::vector<std::size_t> indicesOf(const std::vector<std::string>& names,
                                   const std::vector<std::string>& wanted) {
    std::vector<std::size_t> index;
    for (const std::string& channel : wanted)
        index.push_back(static_cast<std::size_t>(std::find(names.begin(), names.end(), channel) -
                                                 names.begin()));
    return index;
}

} // namespace

std::vector<std::string> denoiserChannels() {
    std::vector<std::string> channels;
    for (const char* layer : {"halves", "albedo", "normal", "depth"}) {
        const AovLayer& l = aovLayer(layer);
        for (int c = 0; c < l.count; ++c)
            channels.emplace_back(l.channels[static_cast<std::size_t>(c)]);
    }
    return channels;
}

std::vector<float> denoisedColour(const Image& image) {
    const std::vector<std::string> names = namesOf(image);
    std::vector<std::string> wanted{"R", "G", "B"};
    for (std::string& channel : denoiserChannels())
        wanted.push_back(std::move(channel));
    const std::vector<std::size_t> index = indicesOf(names, wanted);
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < wanted.size(); ++i)
        if (index[i] == names.size())
            missing.push_back(wanted[i]);
    if (!missing.empty())
        throw std::runtime_error(fmt::format(
            "the image has no channel {} (the denoiser reads R, G, B and the halves, albedo, "
            "normal and depth layers, which `--aov all` writes)",
            fmt::join(missing, ", ")));
    if (std::find(names.begin(), names.end(), "noisy.R") != names.end())
        throw std::runtime_error("the image is already denoised (it has a noisy.R channel)");
    const auto pixels = static_cast<std::size_t>(image.width) * image.height;
    const auto channel = [&](std::size_t p, std::size_t which) {
        return image.pixels[p * static_cast<std::size_t>(image.channels) + index[which]];
    };
    DenoiserInput in;
    in.width = image.width;
    in.height = image.height;
    for (std::size_t p = 0; p < pixels; ++p) {
        for (std::size_t c = 0; c < 3; ++c) {
            in.half0.push_back(channel(p, 3 + c));
            in.half1.push_back(channel(p, 6 + c));
            in.albedo.push_back(channel(p, 9 + c));
            in.normal.push_back(channel(p, 12 + c));
        }
        in.depth.push_back(channel(p, 15));
    }
    return denoise(in);
}

Image withNoisyColourKept(const Image& image, const std::vector<float>& rgb) {
    const std::vector<std::string> names = namesOf(image);
    const std::vector<std::size_t> colour = indicesOf(names, {"R", "G", "B"});
    const auto channels = static_cast<std::size_t>(image.channels);
    // Which of R, G, B each channel is (3: none of them).
    std::vector<std::size_t> rgbOf(channels, 3);
    for (std::size_t c = 0; c < 3; ++c)
        rgbOf.at(colour[c]) = c;
    Image out = image;
    out.channelNames = names;
    for (const char* noisy : {"noisy.R", "noisy.G", "noisy.B"})
        out.channelNames.emplace_back(noisy);
    out.channels = image.channels + 3;
    const auto pixels = static_cast<std::size_t>(image.width) * image.height;
    out.pixels.clear();
    out.pixels.reserve(pixels * (channels + 3));
    for (std::size_t p = 0; p < pixels; ++p) {
        for (std::size_t c = 0; c < channels; ++c)
            out.pixels.push_back(rgbOf[c] < 3 ? rgb[p * 3 + rgbOf[c]]
                                              : image.pixels[p * channels + c]);
        for (std::size_t c = 0; c < 3; ++c)
            out.pixels.push_back(image.pixels[p * channels + colour[c]]);
    }
    return out;
}

Image withDenoisedColour(const Image& image) {
    return withNoisyColourKept(image, denoisedColour(image));
}

} // namespace lrt
