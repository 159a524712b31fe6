// Deterministic random numbers for one camera sample: every value depends only on (seed, frame,
// pixel, sample index), never on threads or tile order, so images are bitwise reproducible.
#pragma once

#include "renderer/core/vector.h"
#include "renderer/sampling/pcg32.h"

#include <bit>
#include <cstdint>
#include <initializer_list>

namespace lrt {

// 2^64 divided by the golden ratio: adding or multiplying by it spreads small integers over 64 bits
// (SplitMix64's increment).
inline constexpr std::uint64_t kGoldenRatio64 = 0x9e3779b97f4a7c15ULL;

// SplitMix64's finaliser: a strong 64-bit mix for hashing tuples into seeds.
inline std::uint64_t mix64(std::uint64_t x) {
    x += kGoldenRatio64;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// A hash of the bits of some floats (the shading point, the directions an evaluation depends
// on), for random choices that must be the same whenever the same values come again.
inline std::uint64_t hashFloats(std::initializer_list<float> values) {
    std::uint64_t h = 0;
    for (const float v : values)
        h = mix64(h ^ std::bit_cast<std::uint32_t>(v));
    return h;
}

inline std::uint64_t pixelHash(std::uint64_t seed, int frame, int x, int y) {
    return mix64(mix64(mix64(seed) ^ static_cast<std::uint32_t>(frame)) ^
                 (static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32 |
                  static_cast<std::uint32_t>(y)));
}

class SampleStream {
public:
    // The sample index is hashed into the seed rather than used as PCG's stream selector: streams
    // that share a seed and differ only in their increment are related (O'Neill's own caveat).
    SampleStream(std::uint64_t pixel, int sampleIndex)
        : rng_(mix64(pixel ^ mix64(static_cast<std::uint64_t>(sampleIndex)))) {}
    float next() { return rng_.uniform(); }
    Vec2 next2D() {
        const float a = next();
        return {a, next()};
    }

private:
    Pcg32 rng_;
};

} // namespace lrt
