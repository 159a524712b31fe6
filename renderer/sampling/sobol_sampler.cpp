// The Sobol sampler: its kept scrambles, its pixel samples' indices and its points.
#include "renderer/sampling/sobol_sampler.h"

#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/sobol.h"

#include <bit>

namespace lrt {

const SamplerEntry SobolSampler::registryEntry{
    "sobol", "Owen-scrambled Sobol points in Z-order", "",
    [](const SamplerSettings& settings) -> std::unique_ptr<Sampler> {
        return std::make_unique<SobolSampler>(settings);
    }};

SobolSampler::SobolSampler(const SamplerSettings& settings)
    : seed_(settings.seed),
      sampleBits_(std::bit_width(static_cast<unsigned>(settings.count() - 1))) {
    const auto keep = [&](SampleDimension d) {
        kept_[static_cast<std::size_t>(slotOf(d))] = scramble(d, 0);
    };
    keep(SampleDimension::film());
    keep(SampleDimension::lens());
    for (int bounce = 0; bounce < kKeptBounces; ++bounce) {
        keep(SampleDimension::lightChoice(bounce));
        keep(SampleDimension::bsdf(bounce));
        keep(SampleDimension::lobeAndRoulette(bounce));
        for (int light = 0; light < kKeptLights; ++light)
            keep(SampleDimension::light(bounce, light));
    }
}

PixelSample SobolSampler::start(int x, int y, int sample, std::uint64_t pixel) const {
    const auto ux = static_cast<std::uint32_t>(x), uy = static_cast<std::uint32_t>(y);
    // Coordinates past 16 bits (no film is that large today) go above the Morton bits.
    const std::uint64_t morton =
        sobol::mortonIndex(ux, uy) | static_cast<std::uint64_t>(ux >> 16 | (uy >> 16) << 16) << 32;
    const std::uint64_t index = morton << sampleBits_ | static_cast<std::uint64_t>(sample);
    // The index scramble works on the index's mirrored low bits: mirrored once here.
    return {sample, pixel,
            (index >> 32) << 32 | sobol::reverseBits(static_cast<std::uint32_t>(index))};
}

// sobol::owenScramble mirrors the bits before and after the hash; chained, the mirrorings between
// the index's scramble and dimension 0 cancel, and dimension 1 reads the scrambled index mirrored,
// as the hash leaves it.
Vec2 SobolSampler::sample(const PixelSample& at, Vec2, SampleDimension dimension) const {
    const Scramble s = scrambleAt(at, dimension);
    const std::uint32_t mirrored = mirroredIndex(at, s);
    return {coordinate0(mirrored, s), coordinate1(mirrored, s)};
}

float SobolSampler::sample1D(const PixelSample& at, Vec2, SampleDimension dimension) const {
    const Scramble s = scrambleAt(at, dimension);
    return coordinate0(mirroredIndex(at, s), s);
}

SobolSampler::Scramble SobolSampler::scramble(SampleDimension dimension, std::uint64_t high) const {
    const std::uint64_t h = mix64(seed_ ^ dimensionKey(dimension) * kGoldenRatio64 ^ mix64(high));
    const std::uint64_t h2 = mix64(h);
    return {static_cast<std::uint32_t>(h), static_cast<std::uint32_t>(h >> 32),
            static_cast<std::uint32_t>(h2)};
}

int SobolSampler::slotOf(SampleDimension d) {
    if (!d.perBounce())
        return d.kind == DimensionKind::Film ? 0 : 1;
    if (d.bounce >= kKeptBounces)
        return -1;
    const int first = 2 + d.bounce * kPerBounce; // the bounce's block
    switch (d.kind) {
    case DimensionKind::LightChoice:
        return first;
    case DimensionKind::Bsdf:
        return first + 1;
    case DimensionKind::LobeAndRoulette:
        return first + 2;
    case DimensionKind::Light:
        return d.lightIndex >= 0 && d.lightIndex < kKeptLights ? first + 3 + d.lightIndex : -1;
    case DimensionKind::Film:
    case DimensionKind::Lens:
        break; // not per bounce: above
    }
    return -1;
}

} // namespace lrt
