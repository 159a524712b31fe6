// Denoising a render: its colour from its AOV layers, found through the layer table (kAovLayers,
// renderer/description/aov_selection.h). What `lrt render --denoise` does to the image it is
// about to write and `lrt denoise` to an EXR that lrt wrote, from the same values, so that both
// give the same bits.
#pragma once

#include "renderer/denoise/denoiser.h"
#include "renderer/image/image_file.h"

#include <vector>

namespace lrt {

// The layers the denoiser reads: halves, albedo, normal and depth.
inline constexpr const char* kDenoiserLayers[] = {"halves", "albedo", "normal", "depth"};

// The denoised colour (R, G, B interleaved, a triple a pixel) of a render whose AOV image is
// `aovs` (a channel per kAovLayers channel, at the layers' offsets), from its denoiser's layers:
// the colour itself is the mean of the halves.
std::vector<float> denoisedColour(const Image& aovs);

} // namespace lrt
