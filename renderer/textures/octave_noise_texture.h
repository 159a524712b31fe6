// "fbm" and "wrinkled": pbrt-v4's sums of octaves of Perlin noise (perlin_noise.h) of the point in
// texture space, float textures (three equal channels): fbm sums the noise (about [-1, 1]),
// wrinkled its absolute value (turbulence, about [0, 2]).
#pragma once

#include "renderer/textures/texture_registry.h"

#include <array>

namespace lrt {

class OctaveNoiseTexture final : public ColorTexture {
public:
    // Their create() is in octave_noise_texture.cpp, with their registry entries.
    static const TextureEntry fbmEntry, wrinkledEntry;
    enum class Sum { Noise, AbsoluteNoise };
    OctaveNoiseTexture(Sum sum, const Transform& worldToTexture, int octaves, float omega)
        : sum_(sum), worldToTexture_(worldToTexture), octaves_(octaves), omega_(omega) {}
    Color evaluate(const TextureContext& context) const override;
    bool usesFootprint() const override { return true; }

private:
    Sum sum_;
    Transform worldToTexture_;
    int octaves_;
    float omega_;
};

// The octave parameters fbm, wrinkled and marble share.
inline constexpr std::array<ParameterSpec, 2> kOctaveParameters{{
    {"octaves", ValueKind::Integer, 8, kInteger.atLeast(0).atMost(30),
     "octaves of noise summed, each at 1.99 times the last one's frequency"},
    {"roughness", ValueKind::Float, 0.5f, kReal.atLeast(0).atMost(1),
     "each octave's amplitude relative to the last one's"},
}};

} // namespace lrt
