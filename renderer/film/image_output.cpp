#include "renderer/film/image_output.h"

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
    out.pixels.clear();
    out.pixels.reserve(static_cast<std::size_t>(linear.width) * linear.height * out.channels);
    for (std::size_t p = 0; p < static_cast<std::size_t>(linear.width) * linear.height; ++p) {
        for (int c = 0; c < 3; ++c)
            out.pixels.push_back(linear.pixels[p * 3 + c] * gain);
        for (int c = 0; c < aovs.channels; ++c)
            out.pixels.push_back(aovs.pixels[p * aovs.channels + c]);
    }
    return out;
}

void writeRenderedImage(const std::filesystem::path& path, const Image& linear, const Image& aovs,
                        const FilmDescription& film, const ImageMetadata& metadata) {
    Image out = linear;
    if (path.extension() == ".exr") {
        out = withAovs(linear, aovs, film.gain);
    } else if (isLinearFormat(path)) {
        for (float& v : out.pixels)
            v *= film.gain;
    } else {
        for (float& v : out.pixels)
            v = encodeDisplay(v, film.gain, film.gamma);
    }
    writeImage(path, out, metadata);
}

} // namespace lrt
