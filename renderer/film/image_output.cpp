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

void writeRenderedImage(const std::filesystem::path& path, const Image& linear,
                        const FilmDescription& film, const ImageMetadata& metadata) {
    Image out = linear;
    if (isLinearFormat(path)) {
        if (film.gain != 1.0f)
            for (float& v : out.pixels)
                v *= film.gain;
    } else {
        for (float& v : out.pixels)
            v = encodeDisplay(v, film.gain, film.gamma);
    }
    writeImage(path, out, metadata);
}

} // namespace lrt
