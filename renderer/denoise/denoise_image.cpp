// The denoiser's input, read from a render's colour and AOV layers by the layer table.
#include "renderer/denoise/denoise_image.h"

#include "renderer/description/aov_selection.h"

#include <stdexcept>

namespace lrt {

std::vector<float> denoisedColour(const Image& aovs) {
    if (aovs.channels != kAovChannels)
        throw std::logic_error("denoisedColour: not a render's AOV image");
    const auto pixels = static_cast<std::size_t>(aovs.width) * aovs.height;
    const auto channel = [&](std::size_t p, int at) {
        return aovs.pixels[p * kAovChannels + static_cast<std::size_t>(at)];
    };
    DenoiserInput in;
    in.width = aovs.width;
    in.height = aovs.height;
    for (std::size_t p = 0; p < pixels; ++p) {
        for (int c = 0; c < 3; ++c) {
            in.half0.push_back(channel(p, kHalvesChannel + c));
            in.half1.push_back(channel(p, kHalvesChannel + 3 + c));
            in.albedo.push_back(channel(p, kAlbedoChannel + c));
            in.normal.push_back(channel(p, kNormalChannel + c));
        }
        in.depth.push_back(channel(p, kDepthChannel));
    }
    return denoise(in);
}

} // namespace lrt
