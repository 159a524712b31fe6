#include "renderer/film/image_output.h"

#include "renderer/denoise/denoise_image.h"
#include "renderer/description/aov_selection.h"

#include <algorithm>
#include <cmath>

namespace lrt {

bool isLinearFormat(const std::filesystem::path& path) {
    const std::string extension = path.extension().string();
    return extension == ".exr" || extension == ".hdr";
}

float encodeDisplay(float linear, float gain, std::optional<float> gamma) {
    const float v = std::clamp(linear * gain, 0.0f, 1.0f);
    if (gamma)
        return std::pow(v, 1.0f / *gamma);
    return v <= 0.0031308f ? 12.92f * v : 1.055f * std::pow(v, 1.0f / 2.4f) - 0.055f;
}

Image withAovs(const Image& linear, const Image& aovs, float gain) {
    Image out = linear;
    out.channels = 3 + aovs.channels;
    out.channelNames = {"R", "G", "B"};
    out.channelNames.insert(out.channelNames.end(), aovs.channelNames.begin(),
                            aovs.channelNames.end());
    // The halves are colour too: the gain applies to them as to R, G, B.
    std::vector<float> scale(static_cast<std::size_t>(aovs.channels), 1.0f);
    for (std::size_t c = 0; c < scale.size(); ++c)
        if (aovChannelSelected(aovs.channelNames[c], {"halves"}))
            scale[c] = gain;
    out.pixels.clear();
    out.pixels.reserve(static_cast<std::size_t>(linear.width) * linear.height * out.channels);
    for (std::size_t p = 0; p < static_cast<std::size_t>(linear.width) * linear.height; ++p) {
        for (int c = 0; c < 3; ++c)
            out.pixels.push_back(linear.pixels[p * 3 + c] * gain);
        for (std::size_t c = 0; c < scale.size(); ++c)
            out.pixels.push_back(aovs.pixels[p * aovs.channels + c] * scale[c]);
    }
    return out;
}

namespace {
// The channels of `aovs` that the selected layers write, in their order.
Image selectedAovs(const Image& aovs, const std::vector<std::string>& layers) {
    std::vector<int> kept;
    for (int c = 0; c < aovs.channels; ++c)
        if (aovChannelSelected(aovs.channelNames[static_cast<std::size_t>(c)], layers))
            kept.push_back(c);
    Image out = aovs;
    out.channels = static_cast<int>(kept.size());
    out.channelNames.clear();
    for (const int c : kept)
        out.channelNames.push_back(aovs.channelNames[static_cast<std::size_t>(c)]);
    out.pixels.clear();
    out.pixels.reserve(static_cast<std::size_t>(aovs.width) * aovs.height * kept.size());
    for (std::size_t p = 0; p < static_cast<std::size_t>(aovs.width) * aovs.height; ++p)
        for (const int c : kept)
            out.pixels.push_back(aovs.pixels[p * aovs.channels + static_cast<std::size_t>(c)]);
    return out;
}

// RGB and, from the AOVs' first channel, straight (unassociated) alpha: formats other than EXR
// store colour not multiplied by alpha, so the premultiplied colour is divided by coverage.
Image withStraightAlpha(const Image& linear, const Image& aovs) {
    Image out = linear;
    out.channels = 4;
    out.channelNames = {"R", "G", "B", "A"};
    out.pixels.clear();
    out.pixels.reserve(static_cast<std::size_t>(linear.width) * linear.height * 4);
    for (std::size_t p = 0; p < static_cast<std::size_t>(linear.width) * linear.height; ++p) {
        const float alpha = aovs.pixels[p * aovs.channels + kAlphaChannel];
        for (int c = 0; c < 3; ++c)
            out.pixels.push_back(alpha > 0 ? linear.pixels[p * 3 + c] / alpha : 0.0f);
        out.pixels.push_back(alpha);
    }
    return out;
}
} // namespace

void writeRenderedImage(const std::filesystem::path& path, const Image& linear, const Image& aovs,
                        const FilmDescription& film, const ImageMetadata& metadata, bool denoise) {
    const bool exr = path.extension() == ".exr";
    if (exr && !denoise) {
        writeImage(path, withAovs(linear, selectedAovs(aovs, exrAovLayers(film)), film.gain),
                   metadata);
        return;
    }
    // Denoised from the values an EXR with every layer stores (gain applied), so that
    // `lrt denoise` of such a file gives the same bits.
    float gain = film.gain;
    Image colour = linear;
    if (denoise) {
        std::vector<float> denoised = denoisedColour(withAovs(linear, aovs, film.gain));
        if (exr) {
            writeImage(
                path,
                withNoisyColourKept(
                    withAovs(linear, selectedAovs(aovs, exrAovLayers(film)), film.gain), denoised),
                metadata);
            return;
        }
        colour.pixels = std::move(denoised);
        gain = 1; // already applied
    }
    // Formats without an alpha channel (JPEG, Radiance HDR) keep RGB.
    Image out =
        film.displayAlpha && formatSupportsAlpha(path) ? withStraightAlpha(colour, aovs) : colour;
    for (std::size_t i = 0; i < out.pixels.size(); ++i) {
        if (out.channels == 4 && i % 4 == 3)
            continue; // alpha is coverage, not colour: no gain, no transfer curve
        float& v = out.pixels[i];
        v = isLinearFormat(path) ? v * gain : encodeDisplay(v, gain, film.gamma);
    }
    writeImage(path, out, metadata);
}

} // namespace lrt
