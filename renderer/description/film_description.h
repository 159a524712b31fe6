// What a scene says about its image: resolution, crop, samples, pixel filter, exposure and the
// output named by Display. The renderer and the image writers read it.
#pragma once

#include "renderer/core/scene_error.h"
#include "renderer/description/aov_selection.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

// What PixelFilter said: the filter's name (one of renderer/film/filter.h's) and its widths, when
// given.
struct FilterDescription {
    std::string name = "gaussian";
    std::optional<std::array<float, 2>> widths;
    SourceLocation where;
};

struct FilmDescription {
    int xResolution = 640;
    int yResolution = 480;
    float pixelAspectRatio = 1.0f;
    std::array<float, 4> cropWindow{0, 1, 0, 1}; // x0 x1 y0 y1 in NDC
    FilterDescription filter;
    int xSamples = 2;
    int ySamples = 2;
    bool jitter = true;
    std::string sampler = "sobol"; // Option "sampler" "string type": a registered sampler
    // Option "render" "noisethreshold": a pixel stops taking samples once its estimated relative
    // error is below it (adaptive sampling); 0 gives every pixel all its samples.
    float noiseThreshold = 0;
    float gain = 1.0f;
    std::optional<float> gamma;
    std::string displayName; // from Display, used when no -o is given
    // Display's mode asks for alpha ("rgba", "rgbaz"): 8-bit outputs get an A channel too (EXR
    // always has one).
    bool displayAlpha = false;
    // Display's mode asks for depth ("rgbz", "rgbaz", "z"): EXR outputs carry Z whatever `aovs`
    // says (8-bit formats cannot).
    bool displayDepth = false;
    // The AOV layers EXR outputs carry (renderer/description/aov_selection.h): Option "output"
    // "aov".
    std::vector<std::string> aovs = allAovs();
};

} // namespace lrt
