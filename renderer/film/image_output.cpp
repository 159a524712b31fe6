// Writing rendered images, each format as it stores colour.
#include "renderer/film/image_output.h"

#include "renderer/description/aov_selection.h"

#include <algorithm>
#include <cmath>

namespace lrt {

float encodeDisplay(float linear, float gain, std::optional<float> gamma) {
    const float v = std::clamp(linear * gain, 0.0f, 1.0f);
    if (gamma)
        return std::pow(v, 1.0f / *gamma);
    return v <= 0.0031308f ? 12.92f * v : 1.055f * std::pow(v, 1.0f / 2.4f) - 0.055f;
}

namespace {
// RGB and, from the AOVs' first channel, straight (unassociated) alpha: formats other than EXR
// store colour not multiplied by alpha, so the premultiplied colour is divided by coverage.
Image withStraightAlpha(const Image& colour, const Image& aovs) {
    Image out = colour;
    out.channels = 4;
    out.channelNames = {"R", "G", "B", std::string(aovLayer("alpha").channels[0])};
    out.pixels.clear();
    out.pixels.reserve(static_cast<std::size_t>(colour.width) * colour.height * 4);
    for (std::size_t p = 0; p < static_cast<std::size_t>(colour.width) * colour.height; ++p) {
        const float alpha = aovs.pixels[p * aovs.channels + kAlphaChannel];
        for (int c = 0; c < 3; ++c)
            out.pixels.push_back(alpha > 0 ? colour.pixels[p * 3 + c] / alpha : 0.0f);
        out.pixels.push_back(alpha);
    }
    return out;
}
} // namespace

void writeRenderedImage(const std::filesystem::path& path, const RenderedImage& image,
                        const FilmDescription& film, const ImageMetadata& metadata) {
    if (path.extension() == ".exr") {
        writeImage(path, exrChannels(image), metadata);
        return;
    }
    // Formats without an alpha channel (JPEG, Radiance HDR) keep RGB.
    Image out = film.displayAlpha && formatSupportsAlpha(path)
                    ? withStraightAlpha(image.colour, image.aovs)
                    : image.colour;
    if (!isLinearFormat(path.extension().string()))
        for (std::size_t i = 0; i < out.pixels.size(); ++i)
            if (out.channels != 4 || i % 4 != 3) // alpha is coverage, not colour: no curve
                out.pixels[i] = encodeDisplay(out.pixels[i], 1.0f, film.gamma); // gain applied
    writeImage(path, out, metadata);
}

} // namespace lrt
