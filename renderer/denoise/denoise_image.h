// Denoising an image by its channel names: what `lrt render --denoise` does to the image it is
// about to write and `lrt denoise` to an EXR that lrt wrote, so that both give the same bits.
#pragma once

#include "renderer/denoise/denoiser.h"
#include "renderer/image/image_file.h"

#include <string>
#include <vector>

namespace lrt {

// The channels the denoiser reads: the halves, albedo, normal and depth layers.
std::vector<std::string> denoiserChannels();

// The denoised colour of `image`, RGB interleaved, from its denoiserChannels(). Throws
// std::runtime_error naming the channels that are missing (R, G, B and denoiserChannels()), or
// when the image is already denoised (it has a noisy.R channel).
std::vector<float> denoisedColour(const Image& image);

// The image with R, G, B replaced by `rgb` (interleaved, a triple a pixel) and the colour it had
// kept as noisy.R, noisy.G, noisy.B after its other channels. The image must have R, G, B.
Image withNoisyColourKept(const Image& image, const std::vector<float>& rgb);

// Both: the image with its colour denoised and the noisy colour kept, what `lrt denoise` writes.
Image withDenoisedColour(const Image& image);

} // namespace lrt
