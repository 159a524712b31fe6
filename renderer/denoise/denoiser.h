// A feature-guided denoiser for path-traced images, after Bitterli et al. 2016 ("Nonlinearly
// Weighted First-order Regression for Denoising Monte Carlo Renderings", NFOR): each pixel's colour
// is regressed, to first order, on the first hit's albedo, normal and depth over a window, with
// weights that compare colour patches (non-local means, scaled by the per-pixel variance that the
// two half buffers of the samples estimate). docs/denoising.md states the rules.
#pragma once

#include <vector>

namespace lrt {

// What the denoiser reads, each row-major and interleaved: the two half buffers (the pixel
// reconstructed from the first and from the second half of its samples), albedo and normal with
// three values a pixel, depth with one (infinite where nothing was hit). The colour itself is not
// needed: the result is the mean of the two halves, each filtered.
struct DenoiserInput {
    int width = 0, height = 0;
    std::vector<float> half0, half1, albedo, normal, depth;
};

// The denoised colour, RGB interleaved. The same input gives the same bits for any thread count.
// Throws std::invalid_argument when a buffer's size does not match width x height.
std::vector<float> denoise(const DenoiserInput& input);

} // namespace lrt
