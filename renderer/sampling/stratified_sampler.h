// "stratified": sample k of a pixel lies in stratum (k mod nx, k div nx) of its grid, jittered by
// correlated multi-jittering (Kensler), with k shuffled and the set rotated per dimension
// (renderer/sampling/dimension_shuffle.h). The film position is neither shuffled nor rotated.
#pragma once

#include "renderer/sampling/dimension_shuffle.h"

namespace lrt {

class StratifiedSampler final : public ShuffledSampler<StratifiedSampler> {
public:
    static const SamplerEntry registryEntry;
    using ShuffledSampler::ShuffledSampler;

    // Stratum `index`, placed within its cell so that the samples also fall one in each of the
    // nx * ny columns and rows.
    Vec2 point(int index, Vec2 jitter, std::uint64_t h) const;
    Vec2 film(int index, Vec2 jitter, std::uint64_t h) const {
        const Vec2 p = point(index, jitter, h);
        // Kept inside the pixel however the sum rounds.
        return {std::min(p.x, kOneMinusEpsilon), std::min(p.y, kOneMinusEpsilon)};
    }
};

// Inline, as the hot path calls it once per 2-D point.
inline Vec2 StratifiedSampler::point(int index, Vec2 jitter, std::uint64_t h) const {
    const int nx = settings_.xSamples, ny = settings_.ySamples;
    const int row = index / nx, column = index - row * nx;
    if (!settings_.jitter)
        return {(static_cast<float>(column) + 0.5f) / static_cast<float>(nx),
                (static_cast<float>(row) + 0.5f) / static_cast<float>(ny)};
    const auto fineX = permuteIndex(static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(ny),
                                    static_cast<std::uint32_t>(h >> 32) * 0xa511e9b3u);
    const auto fineY =
        permuteIndex(static_cast<std::uint32_t>(column), static_cast<std::uint32_t>(nx),
                     static_cast<std::uint32_t>(h >> 32) * 0x63d83595u);
    // (column + (fineX + jx) / ny) / nx, with one division for both coordinates.
    const float inverseCount = 1.0f / static_cast<float>(nx * ny);
    return {(static_cast<float>(column * ny) + static_cast<float>(fineX) + jitter.x) * inverseCount,
            (static_cast<float>(row * nx) + static_cast<float>(fineY) + jitter.y) * inverseCount};
}

} // namespace lrt
