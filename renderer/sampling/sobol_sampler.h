// "sobol" (the default): every dimension is its own 2-D Owen-scrambled Sobol sequence over the
// whole image, as pbrt-v4's ZSobolSampler lays it out (Ahmed and Wonka 2020, "Screen-Space
// Blue-Noise Diffusion of Monte Carlo Sampling Error via Hierarchical Ordering of Pixels"): pixel
// (x, y)'s samples are the block of 2^ceil(log2 spp) points that starts at its Morton index, so
// that the pixels of every aligned 2^k x 2^k square together take an aligned block of the
// sequence, and their error is spread as blue noise. Each dimension draws Sobol's first two
// dimensions (a (0,2)-sequence) through its own hashed Owen scramble of the index (a shuffle that
// keeps every power-of-two prefix of a pixel's samples an aligned block, so an adaptive render
// that stops a pixel after any such prefix keeps its points well spread) and of each coordinate.
// The dimensions' points are thus independent of each other and each is a (0,2)-net in every
// pixel.
#pragma once

#include "renderer/sampling/sampler.h"
#include "renderer/sampling/sobol.h"

#include <array>
#include <cstdint>

namespace lrt {

class SobolSampler final : public Sampler {
public:
    static const SamplerEntry registryEntry;
    explicit SobolSampler(const SamplerSettings& settings);

    PixelSample start(int x, int y, int sample, std::uint64_t pixel) const override;
    Vec2 sample(const PixelSample& at, Vec2 jitter, SampleDimension dimension) const override;
    float sample1D(const PixelSample& at, Vec2 jitter, SampleDimension dimension) const override;

private:
    // A dimension's three scramble seeds: of the index, and of each coordinate.
    struct Scramble {
        std::uint32_t index, x, y;
    };
    // One scramble per dimension for the whole image (the pixels' blocks must stay one sequence
    // for the blue noise); indices past 32 bits (`high`) only pick another one.
    Scramble scramble(SampleDimension dimension, std::uint64_t high) const;
    // The scramble of `dimension` for the pixel sample `at`: a kept one, or hashed now.
    Scramble scrambleAt(const PixelSample& at, SampleDimension dimension) const {
        const std::uint64_t high = at.word >> 32;
        const int slot = high == 0 ? slotOf(dimension) : -1;
        return slot >= 0 ? kept_[static_cast<std::size_t>(slot)] : scramble(dimension, high);
    }
    // The pixel sample's index in the sequence, scrambled by s, its bits mirrored.
    static std::uint32_t mirroredIndex(const PixelSample& at, const Scramble& s) {
        return sobol::laineKarras(static_cast<std::uint32_t>(at.word), s.index);
    }
    // The point's coordinates: Sobol's dimensions 0 and 1, each scrambled by its part of s.
    static float coordinate0(std::uint32_t mirroredIndex, const Scramble& s) {
        return sobol::toUnitFloat(
            sobol::reverseBits(sobol::laineKarras(sobol::reverseBits(mirroredIndex), s.x)));
    }
    static float coordinate1(std::uint32_t mirroredIndex, const Scramble& s) {
        return sobol::toUnitFloat(
            sobol::reverseBits(sobol::laineKarras(sobol::dimension1Mirrored(mirroredIndex), s.y)));
    }
    // Where the scramble of `dimension` for indices below 2^32 is kept, or -1.
    static int slotOf(SampleDimension dimension);

    // The dimensions kept: the film, the lens, then per bounce the light choice, the BSDF, the
    // lobe and roulette choices and the first few lights. They are what every sample draws, and
    // hashing their seeds anew for each point cost more than the points.
    static constexpr int kKeptBounces = 16, kKeptLights = 8, kPerBounce = 3 + kKeptLights;
    static constexpr int kKept = 2 + kKeptBounces * kPerBounce;

    std::uint64_t seed_;
    int sampleBits_; // log2 of the samples a pixel's block holds
    std::array<Scramble, kKept> kept_;
};

} // namespace lrt
