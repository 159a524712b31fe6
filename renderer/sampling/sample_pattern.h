// Where the 2-D samples of each purpose (film position, lens, light choice, light sample, BSDF
// sample, lobe and roulette choices, for every bounce) lie, for sample i of a pixel: the Sobol,
// stratified and low-discrepancy patterns of Option "sampler".
#pragma once

#include "renderer/core/vector.h"
#include "renderer/description/sampler_type.h"
#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/sobol.h"
#include "renderer/sampling/unit_interval.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace lrt {

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

// Which sample of which pixel a camera sample is: all that its points depend on.
struct PixelSampleIndex {
    int sample = 0;           // the sample's number within its pixel
    std::uint64_t pixel = 0;  // pixelHash of (seed, frame, x, y)
    std::uint64_t zIndex = 0; // Sobol: the pixel's Morton index, then the sample's number
};

// Sobol (the default): every purpose is its own 2-D Owen-scrambled Sobol sequence over the whole
// image, as pbrt-v4's ZSobolSampler lays it out (Ahmed and Wonka 2020, "Screen-Space Blue-Noise
// Diffusion of Monte Carlo Sampling Error via Hierarchical Ordering of Pixels"): pixel (x, y)'s
// samples are the block of 2^ceil(log2 spp) points that starts at its Morton index, so that the
// pixels of every aligned 2^k x 2^k square together take an aligned block of the sequence, and
// their error is spread as blue noise. Each purpose draws Sobol's first two dimensions (a
// (0,2)-sequence) through its own hashed Owen scramble of the index (a shuffle that keeps every
// power-of-two prefix of a pixel's samples an aligned block, so an adaptive render that stops a
// pixel after any such prefix keeps its points well spread) and of each coordinate. The
// purposes' points are thus independent of each other and each is a (0,2)-net in every pixel.
//
// Stratified and low-discrepancy: the sample lies in stratum (k mod nx, k div nx), jittered, or
// is point k of the R2 Kronecker sequence (Roberts 2018: frac(0.5 + k (1/g, 1/g^2)), g the plastic
// number). k is the sample index shuffled per pixel and purpose, and a per-pixel, per-purpose
// rotation (Cranley-Patterson) moves the whole set: each purpose keeps its spread while the
// purposes are independent of each other (pbrt-v4's stratified sampler shuffles the same way).
// Purpose 0, the film position, is not shuffled, nor rotated in stratified mode. Bounces from
// kStratifiedBounces on, and the lobe and roulette choices, take the independent jitter sample as
// it is (docs/decisions.md).
struct SamplePattern {
    SamplerType type = SamplerType::Sobol;
    int nx = 1, ny = 1;
    bool jitter = true; // stratified: false puts samples at their strata's centres
    // Stratified and low-discrepancy: adaptive sampling's first round (0: none). A pixel may stop
    // after samples [0, r), [0, 2r), [0, 4r)... so each purpose shuffles its indices within those
    // blocks only, and every prefix a pixel can stop at is spread over the square.
    int firstRound = 0;
    std::uint64_t sequenceSeed = 0; // Sobol: the render's seed and frame, hashed

    int count() const { return nx * ny; }

    // Sample `sample` of pixel (x, y), whose pixelHash is `pixel`.
    PixelSampleIndex index(int x, int y, int sample, std::uint64_t pixel) const {
        const int sampleBits = std::bit_width(static_cast<unsigned>(count() - 1));
        const auto ux = static_cast<std::uint32_t>(x), uy = static_cast<std::uint32_t>(y);
        // Coordinates past 16 bits (no film is that large today) go above the Morton bits.
        const std::uint64_t morton = sobol::mortonIndex(ux, uy) |
                                     static_cast<std::uint64_t>(ux >> 16 | (uy >> 16) << 16) << 32;
        return {sample, pixel, morton << sampleBits | static_cast<std::uint64_t>(sample)};
    }

    Vec2 sample(const PixelSampleIndex& at, Vec2 jitterSample, std::uint64_t purpose) const {
        if (type == SamplerType::Sobol)
            return sobolSample(at, purpose);
        if (bounceOf(purpose) >= kStratifiedBounces || isChoice(purpose))
            return jitterSample;
        // Purposes are small integers: spreading them by the golden ratio before one mix is enough.
        const std::uint64_t h = mix64(at.pixel ^ purpose * kGoldenRatio64);
        const int index = purpose == kFilm ? at.sample : shuffled(at.sample, h);
        Vec2 p;
        if (type == SamplerType::LowDiscrepancy) {
            constexpr double g = 1.32471795724474602596;
            const double i = static_cast<double>(index);
            p = {static_cast<float>(fraction(0.5 + i / g)),
                 static_cast<float>(fraction(0.5 + i / (g * g)))};
        } else {
            p = stratum(index, jitterSample, h);
            if (purpose == kFilm) // kept inside the pixel however the sum rounds
                return {std::min(p.x, kOneMinusEpsilon), std::min(p.y, kOneMinusEpsilon)};
        }
        const float rx = static_cast<float>(h >> 40) * 0x1p-24f,
                    ry = static_cast<float>((h >> 16) & 0xffffff) * 0x1p-24f;
        auto wrap = [](float v) { return v >= 1.0f ? v - 1.0f : v; };
        return {std::min(wrap(p.x + rx), kOneMinusEpsilon),
                std::min(wrap(p.y + ry), kOneMinusEpsilon)};
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
    // The BSDF's lobe choice (x) and Russian roulette (y) after the bounce.
    static std::uint64_t choicePurpose(int bounce) {
        return (static_cast<std::uint64_t>(bounce) + 1) << 32 | 0xfffffffeu;
    }
    static constexpr int kStratifiedBounces = 2;

private:
    Vec2 sobolSample(const PixelSampleIndex& at, std::uint64_t purpose) const {
        // One scramble per purpose for the whole image (the pixels' blocks must stay one
        // sequence for the blue noise); indices past 32 bits only pick another scramble.
        const std::uint64_t h =
            mix64(sequenceSeed ^ purpose * kGoldenRatio64 ^ mix64(at.zIndex >> 32));
        const std::uint64_t h2 = mix64(h);
        const std::uint32_t index = sobol::owenScramble(static_cast<std::uint32_t>(at.zIndex),
                                                        static_cast<std::uint32_t>(h));
        return {sobol::toUnitFloat(sobol::owenScramble(sobol::dimension0(index),
                                                       static_cast<std::uint32_t>(h >> 32))),
                sobol::toUnitFloat(
                    sobol::owenScramble(sobol::dimension1(index), static_cast<std::uint32_t>(h2)))};
    }

    // Stratum `index` of the nx x ny grid, jittered by correlated multi-jittering (Kensler): within
    // its cell the sample is also placed so that the samples fall one in each of nx * ny columns
    // and rows.
    Vec2 stratum(int index, Vec2 jitterSample, std::uint64_t h) const {
        const int row = index / nx, column = index - row * nx;
        if (!jitter)
            return {(static_cast<float>(column) + 0.5f) / static_cast<float>(nx),
                    (static_cast<float>(row) + 0.5f) / static_cast<float>(ny)};
        const auto fineX =
            permuteIndex(static_cast<std::uint32_t>(row), static_cast<std::uint32_t>(ny),
                         static_cast<std::uint32_t>(h >> 32) * 0xa511e9b3u);
        const auto fineY =
            permuteIndex(static_cast<std::uint32_t>(column), static_cast<std::uint32_t>(nx),
                         static_cast<std::uint32_t>(h >> 32) * 0x63d83595u);
        // (column + (fineX + jx) / ny) / nx, with one division for both coordinates.
        const float inverseCount = 1.0f / static_cast<float>(nx * ny);
        return {(static_cast<float>(column * ny) + static_cast<float>(fineX) + jitterSample.x) *
                    inverseCount,
                (static_cast<float>(row * nx) + static_cast<float>(fineY) + jitterSample.y) *
                    inverseCount};
    }

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
    static bool isChoice(std::uint64_t purpose) {
        return bounceOf(purpose) >= 0 && static_cast<std::uint32_t>(purpose) == 0xfffffffeu;
    }
    static double fraction(double x) { return x - std::floor(x); }
};

} // namespace lrt
