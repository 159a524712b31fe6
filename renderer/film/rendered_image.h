// A finished render as lrt's outputs store it, and the two ways to one: from a render's result, or
// from the channels of an EXR that lrt wrote (found by the layer table's names). Denoising
// replaces its colour and keeps the noisy one; image_output.h writes it.
#pragma once

#include "renderer/description/film_description.h"
#include "renderer/image/image_file.h"

#include <optional>
#include <string>
#include <vector>

namespace lrt {

struct RenderedImage {
    Image colour; // R, G, B: linear radiance with the film's gain applied
    // The same pixels' AOV image, every layer of kAovLayers at its offset (the halves, which are
    // colour, with the gain applied too).
    Image aovs;
    std::vector<std::string> layers;  // those an EXR output writes, after R, G, B
    std::optional<Image> noisyColour; // the colour before denoising, when it was denoised
};

// A render's colour and AOV image as `film` stores them: its gain applied, its EXR layers
// (exrAovLayers).
RenderedImage renderedImage(const Image& linear, const Image& aovs, const FilmDescription& film);

// A render's colour and every AOV layer as they are, without the film's gain: what a checkpoint
// and the preview's EXR download hold (through exrChannels).
RenderedImage everyLayer(const Image& linear, const Image& aovs);

// An image file's channels as a render's (R, G, B, each layer of kAovLayers it has whole, and
// noisy.R, noisy.G, noisy.B when it was denoised). Throws std::runtime_error naming the channels
// it lacks of R, G, B and of `requiredLayers` (layer names), in that order.
RenderedImage renderedImageFromChannels(const Image& file,
                                        const std::vector<std::string>& requiredLayers);

// The image with its colour denoised (renderer/denoise/) and the colour it had kept as its noisy
// colour. Throws std::runtime_error when it is already denoised.
RenderedImage denoised(RenderedImage image);

// The channels an EXR of the image holds, interleaved: R, G, B, its layers' channels, then
// noisy.R, noisy.G, noisy.B when denoised.
Image exrChannels(const RenderedImage& image);

} // namespace lrt
