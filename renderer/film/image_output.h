// Writing a rendered image: linear float for EXR and HDR; for 8-bit formats the Exposure gain,
// then sRGB encoding (or the Exposure gamma when one was given).
#pragma once

#include "renderer/description/film_description.h"
#include "renderer/image/image_file.h"

#include <filesystem>

namespace lrt {

// True for formats that store linear floating-point radiance.
bool isLinearFormat(const std::filesystem::path& path);

// The 8-bit encoding of one linear value: gain, then sRGB or 1/gamma, in [0, 1].
float encodeDisplay(float linear, float gain, std::optional<float> gamma);

// Colour (R, G, B scaled by `gain`) and the AOVs of the same pixels, interleaved into one image
// with its channel names.
Image withAovs(const Image& linear, const Image& aovs, float gain);

// EXR files also get the channels of `aovs` (the same pixels) that film.aovs selects, after R, G,
// B; other formats get an A channel (straight alpha) when film.displayAlpha. With `denoise`, the
// colour is denoised (renderer/denoise/denoise_image.h) and an EXR keeps the raw colour as
// noisy.R, noisy.G, noisy.B after the other channels. Throws std::runtime_error naming the file;
// never leaves a partial file behind.
void writeRenderedImage(const std::filesystem::path& path, const Image& linear, const Image& aovs,
                        const FilmDescription& film, const ImageMetadata& metadata,
                        bool denoise = false);

} // namespace lrt
