// Adaptive sampling (--noise-threshold, Option "render" "noisethreshold"): a pixel takes its
// samples in rounds, and after each round its own samples decide whether it needs more, as in
// Cycles. Depending on nothing but the pixel's samples, the decision is the same for any thread
// count, tile, crop, checkpoint or resume.
#pragma once

#include "renderer/core/color.h"

#include <algorithm>
#include <cmath>

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
    // The pixel's error as Cycles measures it against its noise threshold: the standard error
    // of the mean over the square root of the mean, relative to the square root of the
    // brightness as photon noise is, so that a bright pixel is held to a smaller share of its
    // value than a dark one (error over the mean itself would spend the samples on dark pixels,
    // which weigh least in the image's error). 0 for a pixel whose samples all agree (a black
    // one included); infinite for one with fewer than two samples, or with a spread but no
    // positive mean.
    double error() const {
        if (count_ < 2)
            return INFINITY;
        const double error = std::sqrt(squares_ / (count_ - 1) / count_);
        if (error == 0)
            return 0;
        return mean_ > 0 ? error / std::sqrt(mean_) : INFINITY;
    }

private:
    long long count_ = 0;
    double mean_ = 0, squares_ = 0;
};

// The rounds: first max(8, ceil(sqrt(spp))) samples (at most spp), then each round doubles the
// count, up to spp. A pixel stops after a round once its error is below the threshold;
// threshold 0 takes all spp at once.
class AdaptiveRounds {
public:
    AdaptiveRounds(int spp, float threshold) : spp_(spp), threshold_(threshold) {}

    int first() const {
        if (!(threshold_ > 0))
            return spp_;
        const int root = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(spp_))));
        return std::min(spp_, std::max(kMinimumSamples, root));
    }
    // After a round that ended at `taken` samples: where the next ends, or `taken` when the pixel
    // is done.
    int next(int taken, const PixelNoise& noise) const {
        if (taken >= spp_ || noise.error() < threshold_)
            return taken;
        return std::min(spp_, 2 * taken);
    }

    static constexpr int kMinimumSamples = 8;

private:
    int spp_;
    float threshold_;
};

} // namespace lrt
