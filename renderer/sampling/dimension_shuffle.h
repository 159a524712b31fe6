// The samplers of a pattern shuffled per dimension (stratified, low-discrepancy), and how they
// keep dimensions independent: sample k of a pixel takes point shuffle(k) of the pattern,
// shuffled per pixel and dimension, and the whole set is rotated (Cranley-Patterson) per pixel
// and dimension, as pbrt-v4's stratified sampler does. Bounces from kStratifiedBounces on, and
// the lobe and roulette choices, take the independent jitter sample as it is (docs/decisions.md).
#pragma once

#include "renderer/core/vector.h"
#include "renderer/sampling/sample_dimension.h"
#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/sampler.h"
#include "renderer/sampling/unit_interval.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace lrt {

inline constexpr int kStratifiedBounces = 2;

inline bool takesJitterAsIs(SampleDimension d) {
    return d.perBounce() &&
           (d.bounce >= kStratifiedBounces || d.kind == DimensionKind::LobeAndRoulette);
}

// The hash of a pixel and a dimension that picks its shuffle and rotation.
inline std::uint64_t dimensionHash(std::uint64_t pixel, SampleDimension d) {
    // Keys are small integers: spreading them by the golden ratio before one mix is enough.
    return mix64(pixel ^ dimensionKey(d) * kGoldenRatio64);
}

// Kensler's hashed permutation of [0, count) ("Correlated Multi-Jittered Sampling", Pixar 2013):
// a bijection picked by `seed`, computed without a table by cycle-walking a permutation of the
// next power of two.
inline std::uint32_t permuteIndex(std::uint32_t i, std::uint32_t count, std::uint32_t seed) {
    // All ones up to count - 1's highest bit: the next power of two, less one.
    const std::uint32_t mask =
        static_cast<std::uint32_t>((std::uint64_t{1} << std::bit_width(count - 1)) - 1);
    do {
        i ^= seed;
        i *= 0xe170893d;
        i ^= seed >> 16;
        i ^= (i & mask) >> 4;
        i ^= seed >> 8;
        i *= 0x0929eb3f;
        i ^= seed >> 23;
        i ^= (i & mask) >> 1;
        i *= 1 | seed >> 27;
        i *= 0x6935fa69;
        i ^= (i & mask) >> 11;
        i *= 0x74dcb303;
        i ^= (i & mask) >> 2;
        i *= 0x9e501cc3;
        i ^= (i & mask) >> 2;
        i *= 0xc860a3df;
        i &= mask;
        i ^= i >> 5;
    } while (i >= count);
    // Kensler's final rotation by seed mod count, with the modulo done by a multiply.
    const auto offset =
        static_cast<std::uint32_t>((static_cast<std::uint64_t>(seed) * count) >> 32);
    return i + offset < count ? i + offset : i + offset - count;
}

// Sample index i of `count`, shuffled by the hash h over every index, or, in an adaptive render
// whose first round is `firstRound`, within its round: a pixel may stop after samples [0, r),
// [0, 2r), [0, 4r)..., and every such prefix keeps its spread.
inline int shuffledIndex(int i, int count, int firstRound, std::uint64_t h) {
    int start = 0, size = count;
    if (firstRound > 0 && i >= firstRound) {
        start = firstRound; // rounds after the first double the count: [r, 2r), [2r, 4r)...
        while (2 * start <= i)
            start *= 2;
        size = std::min(start, count - start);
    } else if (firstRound > 0) {
        size = firstRound;
    }
    return start + static_cast<int>(permuteIndex(static_cast<std::uint32_t>(i - start),
                                                 static_cast<std::uint32_t>(size),
                                                 static_cast<std::uint32_t>(h)));
}

// p moved by the rotation the hash h picks, wrapped into [0, 1).
inline Vec2 rotated(Vec2 p, std::uint64_t h) {
    const float rx = static_cast<float>(h >> 40) * 0x1p-24f,
                ry = static_cast<float>((h >> 16) & 0xffffff) * 0x1p-24f;
    auto wrap = [](float v) { return v >= 1.0f ? v - 1.0f : v; };
    return {std::min(wrap(p.x + rx), kOneMinusEpsilon), std::min(wrap(p.y + ry), kOneMinusEpsilon)};
}

// A sampler of a Pattern shuffled per dimension. Pattern (the class deriving from it, so that the
// hot path makes no second virtual call) gives point(k, jitter, h), the pattern's point k, and
// film(k, jitter, h), where the film position's sample k lies.
template <typename Pattern>
class ShuffledSampler : public Sampler {
public:
    explicit ShuffledSampler(const SamplerSettings& settings) : settings_(settings) {}

    PixelSample start(int, int, int sample, std::uint64_t pixel) const final {
        return {sample, pixel};
    }
    Vec2 sample(const PixelSample& at, Vec2 jitter, SampleDimension dimension) const final {
        if (takesJitterAsIs(dimension))
            return jitter;
        const std::uint64_t h = dimensionHash(at.pixel, dimension);
        const auto& pattern = static_cast<const Pattern&>(*this);
        if (dimension.kind == DimensionKind::Film)
            return pattern.film(at.sample, jitter, h);
        const int k = shuffledIndex(at.sample, settings_.count(), settings_.firstRound, h);
        return rotated(pattern.point(k, jitter, h), h);
    }

protected:
    SamplerSettings settings_;
};

} // namespace lrt
