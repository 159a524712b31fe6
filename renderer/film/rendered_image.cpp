// Rendered images as outputs store them: gain, layers by the table, denoising.
#include "renderer/film/rendered_image.h"

#include "renderer/denoise/denoise_image.h"
#include "renderer/description/aov_selection.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <span>
#include <stdexcept>

namespace lrt {

namespace {

constexpr std::array<const char*, 3> kColourChannels = {"R", "G", "B"};
constexpr std::array<const char*, 3> kNoisyChannels = {"noisy.R", "noisy.G", "noisy.B"};

// An image of the same pixels as `like` with `channels` channels, zero.
Image blankLike(const Image& like, int channels) {
    Image out = like;
    out.channels = channels;
    out.channelNames.clear();
    out.pixels.assign(static_cast<std::size_t>(like.width) * like.height * channels, 0.0f);
    return out;
}

// Copies channel `from` of `source` into channel `to` of `target`, pixel by pixel.
void copyChannel(const Image& source, std::size_t from, Image& target, std::size_t to) {
    const auto pixels = static_cast<std::size_t>(source.width) * source.height;
    for (std::size_t p = 0; p < pixels; ++p)
        target.pixels[p * static_cast<std::size_t>(target.channels) + to] =
            source.pixels[p * static_cast<std::size_t>(source.channels) + from];
}

} // namespace

RenderedImage renderedImage(const Image& linear, const Image& aovs, const FilmDescription& film) {
    RenderedImage out{linear, aovs, exrAovLayers(film), std::nullopt};
    for (float& v : out.colour.pixels)
        v *= film.gain;
    const AovLayer& halves = aovLayer("halves");
    const auto pixels = static_cast<std::size_t>(aovs.width) * aovs.height;
    for (std::size_t p = 0; p < pixels; ++p)
        for (int c = 0; c < halves.count; ++c)
            out.aovs.pixels[p * kAovChannels + static_cast<std::size_t>(halves.offset + c)] *=
                film.gain;
    return out;
}

RenderedImage everyLayer(const Image& linear, const Image& aovs) {
    return {linear, aovs, allAovs(), std::nullopt};
}

RenderedImage renderedImageFromChannels(const Image& file,
                                        const std::vector<std::string>& requiredLayers) {
    const std::vector<std::string>& names = file.channelNames;
    const auto indexOf = [&](std::string_view channel) -> std::optional<std::size_t> {
        const auto at = std::find(names.begin(), names.end(), channel);
        return at == names.end() ? std::nullopt
                                 : std::optional(static_cast<std::size_t>(at - names.begin()));
    };
    RenderedImage out{blankLike(file, 3), blankLike(file, kAovChannels), {}, std::nullopt};
    out.colour.channelNames.assign(kColourChannels.begin(), kColourChannels.end());
    out.aovs.channelNames = aovChannelNames();
    std::vector<std::string_view> missing;
    for (std::size_t c = 0; c < 3; ++c) {
        if (const auto at = indexOf(kColourChannels[c]))
            copyChannel(file, *at, out.colour, c);
        else
            missing.push_back(kColourChannels[c]);
    }
    for (const AovLayer& layer : kAovLayers) {
        const std::span channels(layer.channels.data(), static_cast<std::size_t>(layer.count));
        const bool whole = std::ranges::all_of(
            channels, [&](std::string_view channel) { return indexOf(channel).has_value(); });
        if (!whole)
            continue;
        for (std::size_t c = 0; c < channels.size(); ++c)
            copyChannel(file, *indexOf(channels[c]), out.aovs,
                        static_cast<std::size_t>(layer.offset) + c);
        out.layers.emplace_back(layer.name);
    }
    for (const std::string& required : requiredLayers) {
        const AovLayer& layer = aovLayer(required);
        for (int c = 0; c < layer.count; ++c)
            if (!indexOf(layer.channels[static_cast<std::size_t>(c)]))
                missing.push_back(layer.channels[static_cast<std::size_t>(c)]);
    }
    if (!missing.empty())
        throw std::runtime_error(
            fmt::format("the image has no channel {}", fmt::join(missing, ", ")));
    if (indexOf(kNoisyChannels[0])) {
        Image noisy = blankLike(file, 3);
        for (std::size_t c = 0; c < 3; ++c)
            if (const auto at = indexOf(kNoisyChannels[c]))
                copyChannel(file, *at, noisy, c);
        out.noisyColour = std::move(noisy);
    }
    return out;
}

RenderedImage denoised(RenderedImage image) {
    if (image.noisyColour)
        throw std::runtime_error("the image is already denoised (it has a noisy.R channel)");
    std::vector<float> rgb = denoisedColour(image.aovs);
    image.noisyColour = image.colour;
    image.colour.pixels = std::move(rgb);
    return image;
}

Image exrChannels(const RenderedImage& image) {
    std::vector<const AovLayer*> layers;
    for (const AovLayer& layer : kAovLayers)
        if (std::ranges::find(image.layers, layer.name) != image.layers.end())
            layers.push_back(&layer);
    int channels = 3 + (image.noisyColour ? 3 : 0);
    for (const AovLayer* layer : layers)
        channels += layer->count;
    Image out = blankLike(image.colour, channels);
    out.channelNames.assign(kColourChannels.begin(), kColourChannels.end());
    std::size_t next = 0;
    for (; next < 3; ++next)
        copyChannel(image.colour, next, out, next);
    for (const AovLayer* layer : layers)
        for (int c = 0; c < layer->count; ++c) {
            out.channelNames.emplace_back(layer->channels[static_cast<std::size_t>(c)]);
            copyChannel(image.aovs, static_cast<std::size_t>(layer->offset + c), out, next++);
        }
    if (image.noisyColour)
        for (std::size_t c = 0; c < 3; ++c) {
            out.channelNames.emplace_back(kNoisyChannels[c]);
            copyChannel(*image.noisyColour, c, out, next++);
        }
    return out;
}

} // namespace lrt
