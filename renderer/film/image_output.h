// Writing a rendered image: linear float for EXR (with its AOV layers, and its noisy colour when
// denoised) and HDR; for 8-bit formats sRGB encoding (or the Exposure gamma when one was given),
// with straight alpha where the format has alpha and Display asks for it.
#pragma once

#include "renderer/description/film_description.h"
#include "renderer/film/rendered_image.h"
#include "renderer/image/image_file.h"

#include <filesystem>

namespace lrt {

// The 8-bit encoding of one linear value: gain, then sRGB or 1/gamma, in [0, 1].
float encodeDisplay(float linear, float gain, std::optional<float> gamma);

// Writes `image` as the format of `path` stores it (exrChannels for EXR). Only writes: the gain,
// the layers and denoising are the image's already. Throws std::runtime_error naming the file;
// never leaves a partial file behind.
void writeRenderedImage(const std::filesystem::path& path, const RenderedImage& image,
                        const FilmDescription& film, const ImageMetadata& metadata);

} // namespace lrt
