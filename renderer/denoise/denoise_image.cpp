// Finding the denoiser's layers among an image's channels, and the denoised image with its noisy
// colour kept beside it.
#include "renderer/denoise/denoise_image.h"

#include "renderer/description/aov_selection.h"

#include <algorithm>
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

Image withDenoisedColour(const Image& image) {
    const std::vector<std::string> names = namesOf(image);
    std::vector<std::string> wanted{"R", "G", "B"};
    for (std::string& channel : denoiserChannels())
        wanted.push_back(std::move(channel));
    std::vector<std::size_t> index;
    std::vector<std::string> missing;
    for (const std::string& channel : wanted) {
        const auto found = std::find(names.begin(), names.end(), channel);
        if (found == names.end())
            missing.push_back(channel);
        index.push_back(static_cast<std::size_t>(found - names.begin()));
    }
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
    const std::vector<float> denoised = denoise(in);
    Image out = image;
    out.channelNames = names;
    for (const char* noisy : {"noisy.R", "noisy.G", "noisy.B"})
        out.channelNames.emplace_back(noisy);
    out.channels = image.channels + 3;
    out.pixels.clear();
    out.pixels.reserve(pixels * static_cast<std::size_t>(out.channels));
    for (std::size_t p = 0; p < pixels; ++p) {
        for (std::size_t c = 0; c < static_cast<std::size_t>(image.channels); ++c) {
            const auto rgb = std::find(index.begin(), index.begin() + 3, c) - index.begin();
            out.pixels.push_back(rgb < 3 ? denoised[p * 3 + static_cast<std::size_t>(rgb)]
                                         : image.pixels[p * image.channels + c]);
        }
        for (std::size_t c = 0; c < 3; ++c)
            out.pixels.push_back(channel(p, c));
    }
    return out;
}

} // namespace lrt
