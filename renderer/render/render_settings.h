// What a render command asks of a render beyond the scene: overrides of its samples, integrator
// and crop, the tile it renders for a farm, threads and seed.
#pragma once

#include "renderer/description/film_description.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace lrt {

struct RenderSettings {
    std::optional<int> samplesPerPixel;    // overrides PixelSamples
    std::optional<std::string> integrator; // overrides SurfaceIntegrator (a registered name)
    int threads = 0;                       // 0: all the threads lrt may use (--threads)
    std::uint64_t seed = 0;
    std::optional<std::array<float, 4>> crop; // overrides CropWindow (x0 x1 y0 y1, NDC)
    std::optional<std::pair<int, int>> tile;  // (I, N): the I-th of N horizontal bands
    // A tile also samples the margin of pixels its filter reaches into, which its neighbours
    // sample again: with a one-pixel margin (the default gaussian) 64 re-traces 6% of the
    // samples where 32 re-traced 13%, and still gives a 1080p frame 510 tiles to share out.
    int tileSize = 64;
    // Each pixel of the render covers S x S pixels of the film (a coarse pass: the film's width
    // and height divided by S, rounded up, the camera unchanged). 1 renders the film as it is.
    int pixelScale = 1;
    // Overrides Option "render" "noisethreshold" (--noise-threshold).
    std::optional<float> noiseThreshold;
};

// The noise threshold a render of `film` under `settings` samples to (0: no adaptive sampling).
inline float noiseThreshold(const FilmDescription& film, const RenderSettings& settings) {
    return settings.noiseThreshold.value_or(film.noiseThreshold);
}

} // namespace lrt
