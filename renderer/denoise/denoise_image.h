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

// The image with R, G, B replaced by the denoised colour and the colour it had kept as noisy.R,
// noisy.G, noisy.B after them. Throws std::runtime_error naming the channels that are missing
// (R, G, B and denoiserChannels()).
Image withDenoisedColour(const Image& image);

} // namespace lrt
