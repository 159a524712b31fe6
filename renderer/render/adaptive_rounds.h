// Adaptive sampling (--noise-threshold, Option "render" "noisethreshold"): a pixel takes its
// samples in rounds, and after each round decides whether it needs more, as in Cycles, from its
// own samples and from its neighbours' first rounds. Depending on nothing but samples of the
// pixel and of the pixels around it, the decision is the same for any thread count, tile, crop,
// checkpoint or resume.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/pixel_window.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace lrt {

// The running mean and variance of a pixel's samples' brightness (the mean of the channels).
class PixelNoise {
public:
    void add(Color radiance) {
        const double y = (static_cast<double>(radiance.r) + radiance.g + radiance.b) / 3;
        ++count_;
        const double delta = y - mean_;
        mean_ += delta / count_;
        squares_ += delta * (y - mean_); // Welford's update
    }
    // The samples' variance over their mean: the variance relative to the brightness, as photon
    // noise is (whose variance grows with the brightness), so that a bright pixel is held to a
    // smaller share of its value than a dark one (error over the mean itself would spend the
    // samples on dark pixels, which weigh least in the image's error). 0 for a pixel whose
    // samples all agree (a black one included); infinite for one with fewer than two samples,
    // or with a spread but no positive mean.
    double relativeVariance() const {
        if (count_ < 2)
            return INFINITY;
        const double variance = squares_ / static_cast<double>(count_ - 1);
        if (variance == 0)
            return 0;
        return mean_ > 0 ? variance / mean_ : INFINITY;
    }
    // The pixel's error as Cycles measures it against its noise threshold: the standard error of
    // the mean over the square root of the mean.
    double error() const { return std::sqrt(relativeVariance() / static_cast<double>(count_)); }

private:
    long long count_ = 0;
    double mean_ = 0, squares_ = 0;
};

// The first rounds' relative variances of a block of pixels, and their mean over each pixel's
// neighbourhood: an estimate of the pixel's noise from nine times the samples of its own first
// round, which its own few heavy-tailed samples can underestimate badly.
class FirstRoundNoise {
public:
    static constexpr int kRadius = 1; // the neighbourhood: 3 x 3 pixels

    // A block of `width` x `height` pixels whose top left pixel is (x0, y0).
    FirstRoundNoise(int x0, int y0, int width, int height)
        : x0_(x0), y0_(y0), width_(width), height_(height),
          relative_(static_cast<std::size_t>(width) * height) {}

    void set(int x, int y, const PixelNoise& noise) {
        relative_[index(x, y)] = noise.relativeVariance();
    }
    // The mean relative variance of (x, y)'s neighbours and itself that lie in the block (the
    // block must hold every neighbour that lies on the film).
    double neighbourhood(int x, int y) const {
        double sum = 0;
        int count = 0;
        forEachPixelNear(x, y, kRadius, kRadius, {x0_, y0_, x0_ + width_ - 1, y0_ + height_ - 1},
                         [&](int nx, int ny) {
                             sum += relative_[index(nx, ny)];
                             ++count;
                         });
        return sum / count;
    }

private:
    std::size_t index(int x, int y) const {
        return static_cast<std::size_t>(y - y0_) * width_ + (x - x0_);
    }
    int x0_, y0_, width_, height_;
    std::vector<double> relative_;
};

// The rounds: first max(16, ceil(sqrt(spp))) samples (at most spp), then each round doubles the
// count, up to spp. After a round the pixel's noise is the larger of its own samples' relative
// variance and its neighbourhood's first-round one; it stops once the standard error that noise
// gives at its sample count, over the square root of its brightness, is below the threshold.
// Threshold 0 takes all spp at once.
class AdaptiveRounds {
public:
    AdaptiveRounds(int spp, float threshold) : spp_(spp), threshold_(threshold) {}

    int first() const {
        if (!(threshold_ > 0))
            return spp_;
        const int root = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(spp_))));
        return std::min(spp_, std::max(kMinimumSamples, root));
    }
    // After a round that ended at `taken` samples, with the pixel's own `noise` and its
    // neighbourhood's first-round relative variance: where the next round ends, or `taken` when
    // the pixel is done.
    int next(int taken, const PixelNoise& noise, double neighbourhood) const {
        if (taken >= spp_)
            return taken;
        const double relative = std::max(noise.relativeVariance(), neighbourhood);
        if (std::sqrt(relative / taken) < threshold_)
            return taken;
        return std::min(spp_, 2 * taken);
    }

    static constexpr int kMinimumSamples = 16;

private:
    int spp_;
    float threshold_;
};

} // namespace lrt
