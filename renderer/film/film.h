// The film: the camera samples of a tile (and of the margin its filter reaches) go in, the tile's
// pixels and AOV layers come out, each pixel reconstructed with the pixel filter from every sample
// the filter reaches, so that a pixel depends only on its own and its neighbours' samples (tiles,
// crops and thread counts never change one). As pbrt-v4's Film::AddSample and its pixel sensor,
// but over a tile's samples at once: lrt's filters weigh samples, they are not sampled.
#pragma once

#include "renderer/film/film_sample.h"
#include "renderer/film/filter.h"
#include "renderer/film/pixel_bounds.h"

#include <cstddef>
#include <span>
#include <vector>

namespace lrt {

// The camera samples of one block of pixels (a tile and its margin), each pixel with as many as it
// took, added pixel by pixel, row by row.
class TileSamples {
public:
    TileSamples(const PixelBounds& region, int samplesPerPixel);

    // A pixel is added sample by sample, then ended (so that the buffer is never filled twice:
    // once with defaults, then with the samples).
    void add(const FilmSample& sample) { samples_.push_back(sample); }
    void endPixel() { starts_.push_back(samples_.size()); }
    // The samples of pixel (x, y), which must lie in the region.
    std::span<const FilmSample> of(int x, int y) const;

    const PixelBounds region;

private:
    std::vector<FilmSample> samples_;
    std::vector<std::size_t> starts_; // where each pixel's samples begin, and the end
};

// A tile's pixels: linear RGB and the AOV image's channels (kAovLayers), row-major.
struct DevelopedTile {
    std::vector<float> rgb, aovs;
};

class Film {
public:
    // `equalPixelWeights`: under adaptive sampling, pixels took different numbers of samples, and
    // each neighbour weighs as if it had taken as many as any other.
    Film(const Filter& filter, bool equalPixelWeights);

    // How many pixels beyond a tile its pixels' filters reach.
    int marginX() const { return marginX_; }
    int marginY() const { return marginY_; }

    // The pixels of `tile` from `samples`, which cover it and its margin (clipped to the film).
    DevelopedTile develop(const PixelBounds& tile, const TileSamples& samples) const;

private:
    const Filter& filter_;
    bool equalPixelWeights_;
    int marginX_, marginY_;
};

} // namespace lrt
