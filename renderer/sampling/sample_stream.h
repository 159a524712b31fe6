// Deterministic random numbers for one camera sample: every value depends only on (seed, frame,
// pixel, sample index), never on threads or tile order, so images are bitwise reproducible.
#pragma once

#include "renderer/core/vector.h"
#include "renderer/sampling/pcg32.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace lrt {

// SplitMix64's finaliser: a strong 64-bit mix for hashing tuples into seeds.
inline std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
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

// The 2-D sample positions of one pixel's samples. Stratified: the sample lies in stratum
// (k mod nx, k div nx), jittered. Low-discrepancy: it is point k of the R2 Kronecker sequence
// (Roberts 2018: frac(0.5 + k (1/g, 1/g^2)), g the plastic number), which is well spread for any
// number of samples. k is the sample index shuffled per pixel and purpose (film position, lens,
// each light, each bounce), and a per-pixel, per-purpose rotation (Cranley-Patterson) moves the
// whole set: each purpose keeps its spread while the purposes are independent of each other.
// Were k the sample index itself, every purpose's points would line up (sample i in the same
// stratum of all of them), and a path's bounces would sample a 2-D slice of the path space whose
// error never falls below what that slice misses (pbrt-v4's stratified sampler shuffles the same
// way). Purpose 0, the film position, is not shuffled, nor rotated in stratified mode. Bounces
// from kStratifiedBounces on take the independent jitter sample as it is: their strata measured no
// lower error on the peer Cornell box (docs/decisions.md), and cost 6% of its render.
struct Stratification {
    int nx = 1, ny = 1;
    bool jitter = true;
    bool lowDiscrepancy = false;
    // Adaptive sampling's first round (0: none): a pixel may stop after samples [0, r), [0, 2r),
    // [0, 4r)... so each purpose shuffles its indices within those blocks only, and every prefix
    // a pixel can stop at is a prefix of the sequence, spread over the square, in each purpose.
    int firstRound = 0;

    int count() const { return nx * ny; }

    Vec2 sample(int sampleIndex, Vec2 jitterSample, std::uint64_t pixel,
                std::uint64_t purpose) const {
        if (bounceOf(purpose) >= kStratifiedBounces)
            return jitterSample;
        // Purposes are small integers: spreading them by the golden ratio before one mix is enough.
        const std::uint64_t h = mix64(pixel ^ purpose * 0x9e3779b97f4a7c15ULL);
        const int index = purpose == kFilm ? sampleIndex : shuffled(sampleIndex, h);
        Vec2 p;
        if (lowDiscrepancy) {
            constexpr double g = 1.32471795724474602596;
            const double i = static_cast<double>(index);
            p = {static_cast<float>(fraction(0.5 + i / g)),
                 static_cast<float>(fraction(0.5 + i / (g * g)))};
        } else {
            const int row = index / nx, column = index - row * nx;
            if (jitter) {
                // Correlated multi-jittering (Kensler): within its cell the sample is also placed
                // so that the nx * ny samples fall one in each of nx * ny columns and rows.
                const auto fineX =
                    permuteIndex(static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(ny),
                                 static_cast<std::uint32_t>(h >> 32) * 0xa511e9b3u);
                const auto fineY =
                    permuteIndex(static_cast<std::uint32_t>(column), static_cast<std::uint32_t>(nx),
                                 static_cast<std::uint32_t>(h >> 32) * 0x63d83595u);
                // (column + (fineX + jx) / ny) / nx, with one division for both coordinates.
                const float inverseCount = 1.0f / static_cast<float>(nx * ny);
                p = {
                    (static_cast<float>(column * ny) + static_cast<float>(fineX) + jitterSample.x) *
                        inverseCount,
                    (static_cast<float>(row * nx) + static_cast<float>(fineY) + jitterSample.y) *
                        inverseCount};
            } else {
                p = {(static_cast<float>(column) + 0.5f) / static_cast<float>(nx),
                     (static_cast<float>(row) + 0.5f) / static_cast<float>(ny)};
            }
            if (purpose == kFilm) // kept inside the pixel however the sum rounds
                return {std::min(p.x, 0.99999994f), std::min(p.y, 0.99999994f)};
        }
        const float rx = static_cast<float>(h >> 40) * 0x1p-24f,
                    ry = static_cast<float>((h >> 16) & 0xffffff) * 0x1p-24f;
        auto wrap = [](float v) { return v >= 1.0f ? v - 1.0f : v; };
        return {std::min(wrap(p.x + rx), 0.99999994f), std::min(wrap(p.y + ry), 0.99999994f)};
    }

    // Purposes: the film position, the lens, then per bounce a block for lights and the BSDF.
    static constexpr std::uint64_t kFilm = 0, kLens = 1;
    static std::uint64_t lightPurpose(int bounce, int light) {
        return (static_cast<std::uint64_t>(bounce) + 1) << 32 |
               static_cast<std::uint32_t>(light + 1);
    }
    // Which light a light sampler picks (a purpose no light index reaches).
    static std::uint64_t lightPickPurpose(int bounce) {
        return (static_cast<std::uint64_t>(bounce) + 1) << 32 | 0xffffffffu;
    }
    static std::uint64_t bsdfPurpose(int bounce) {
        return (static_cast<std::uint64_t>(bounce) + 1) << 32;
    }
    static constexpr int kStratifiedBounces = 2;

private:
    // Sample index i of a purpose hashed to h, shuffled over every index, or within its round.
    int shuffled(int i, std::uint64_t h) const {
        int start = 0, size = count();
        if (firstRound > 0 && i >= firstRound) {
            start = firstRound; // rounds after the first double the count: [r, 2r), [2r, 4r)...
            while (2 * start <= i)
                start *= 2;
            size = std::min(start, count() - start);
        } else if (firstRound > 0) {
            size = firstRound;
        }
        return start + static_cast<int>(permuteIndex(static_cast<std::uint32_t>(i - start),
                                                     static_cast<std::uint32_t>(size),
                                                     static_cast<std::uint32_t>(h)));
    }
    // The bounce a light or BSDF purpose belongs to; -1 for the film and the lens.
    static int bounceOf(std::uint64_t purpose) { return static_cast<int>(purpose >> 32) - 1; }
    static double fraction(double x) { return x - std::floor(x); }
};

} // namespace lrt
