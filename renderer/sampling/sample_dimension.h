// What a camera sample's 2-D point is for: the film position, the lens, and per bounce the light
// choice, a light's sample, the BSDF's sample and its lobe and roulette choices. Samplers give
// each dimension its own points; media and motion blur add theirs here (time, medium distance,
// phase function).
#pragma once

#include <cstdint>

namespace lrt {

enum class DimensionKind { Film, Lens, LightChoice, Light, Bsdf, LobeAndRoulette };

struct SampleDimension {
    DimensionKind kind = DimensionKind::Film;
    int bounce = 0;     // the per-bounce kinds only
    int lightIndex = 0; // Light only

    static constexpr SampleDimension film() { return {DimensionKind::Film}; }
    static constexpr SampleDimension lens() { return {DimensionKind::Lens}; }
    // Which light a light sampler picks (x).
    static constexpr SampleDimension lightChoice(int bounce) {
        return {DimensionKind::LightChoice, bounce};
    }
    static constexpr SampleDimension light(int bounce, int light) {
        return {DimensionKind::Light, bounce, light};
    }
    static constexpr SampleDimension bsdf(int bounce) { return {DimensionKind::Bsdf, bounce}; }
    // The BSDF's lobe choice (x) and Russian roulette (y) after the bounce.
    static constexpr SampleDimension lobeAndRoulette(int bounce) {
        return {DimensionKind::LobeAndRoulette, bounce};
    }

    bool perBounce() const { return kind != DimensionKind::Film && kind != DimensionKind::Lens; }
};

// The word each dimension's scrambles are hashed from. Its layout (the bounce above 32 bits, the
// light or a word no light index reaches below) is the one images were made with before
// dimensions had names, kept so that they keep their bits.
constexpr std::uint64_t dimensionKey(SampleDimension d) {
    const auto bounce = (static_cast<std::uint64_t>(d.bounce) + 1) << 32;
    switch (d.kind) {
    case DimensionKind::Film:
        return 0;
    case DimensionKind::Lens:
        return 1;
    case DimensionKind::LightChoice:
        return bounce | 0xffffffffu;
    case DimensionKind::Light:
        return bounce | static_cast<std::uint32_t>(d.lightIndex + 1);
    case DimensionKind::Bsdf:
        return bounce;
    case DimensionKind::LobeAndRoulette:
        return bounce | 0xfffffffeu;
    }
    return 0;
}

} // namespace lrt
