// Improved Perlin noise. The permutation is generated once by a fixed-seed Fisher-Yates shuffle
// (docs/sl.md) rather than Perlin's reference table, so the noise differs from his by a relabelling
// of lattice gradients and keeps all its properties.
#include "slvm/sl/noise.h"

#include <array>
#include <cmath>
#include <cstdint>

namespace slvm::sl {

namespace {

std::array<std::uint8_t, 512> makePermutation() {
    std::array<std::uint8_t, 512> p{};
    for (int i = 0; i < 256; ++i)
        p[i] = static_cast<std::uint8_t>(i);
    std::uint32_t state = 0x9e3779b9u; // xorshift32 seed; any fixed value would do
    for (int i = 255; i > 0; --i) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        const int j = static_cast<int>(state % static_cast<std::uint32_t>(i + 1));
        std::swap(p[i], p[j]);
    }
    for (int i = 0; i < 256; ++i)
        p[256 + i] = p[i];
    return p;
}

const std::array<std::uint8_t, 512>& permutation() {
    static const std::array<std::uint8_t, 512> table = makePermutation();
    return table;
}

float fade(float t) {
    return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}
float lerp(float t, float a, float b) {
    return a + t * (b - a);
}

// Lattice coordinate modulo 256; exact for any finite float, however large.
int latticeIndex(float floored) {
    float m = std::fmod(floored, 256.0f);
    if (m < 0.0f)
        m += 256.0f;
    return static_cast<int>(m) & 255;
}

// Dot product of (x, y, z) with one of Perlin's 12 edge gradients chosen by the hash.
float gradient(int hash, float x, float y, float z) {
    const int h = hash & 15;
    const float u = h < 8 ? x : y;
    const float v = h < 4 ? y : (h == 12 || h == 14) ? x : z;
    return ((h & 1) ? -u : u) + ((h & 2) ? -v : v);
}

} // namespace

float perlinNoise(float x, float y, float z) {
    if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z))
        return std::nanf("");
    const auto& p = permutation();
    const float fx = std::floor(x), fy = std::floor(y), fz = std::floor(z);
    const int X = latticeIndex(fx), Y = latticeIndex(fy), Z = latticeIndex(fz);
    x -= fx;
    y -= fy;
    z -= fz;
    const float u = fade(x), v = fade(y), w = fade(z);
    const int A = p[X] + Y, AA = p[A] + Z, AB = p[A + 1] + Z;
    const int B = p[X + 1] + Y, BA = p[B] + Z, BB = p[B + 1] + Z;
    const float value = lerp(
        w,
        lerp(v, lerp(u, gradient(p[AA], x, y, z), gradient(p[BA], x - 1, y, z)),
             lerp(u, gradient(p[AB], x, y - 1, z), gradient(p[BB], x - 1, y - 1, z))),
        lerp(v, lerp(u, gradient(p[AA + 1], x, y, z - 1), gradient(p[BA + 1], x - 1, y, z - 1)),
             lerp(u, gradient(p[AB + 1], x, y - 1, z - 1),
                  gradient(p[BB + 1], x - 1, y - 1, z - 1))));
    return std::fmax(-1.0f, std::fmin(1.0f, value));
}

float turbulence(float x, float y, float z) {
    float sum = 0.0f;
    float scale = 1.0f;
    for (int octave = 0; octave < kTurbulenceOctaves; ++octave) {
        sum += std::fabs(perlinNoise(x * scale, y * scale, z * scale)) / scale;
        scale *= 2.0f;
    }
    return sum;
}

} // namespace slvm::sl
