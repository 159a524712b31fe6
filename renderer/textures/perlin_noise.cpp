#include "renderer/textures/perlin_noise.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace lrt {

namespace {

// Ken Perlin's permutation of 0..255 (his reference implementation of improved noise), read
// twice over so that lattice hashes need no wrapping.
constexpr std::array<unsigned char, 256> kPermutation{
    151, 160, 137, 91,  90,  15,  131, 13,  201, 95,  96,  53,  194, 233, 7,   225, 140, 36,  103,
    30,  69,  142, 8,   99,  37,  240, 21,  10,  23,  190, 6,   148, 247, 120, 234, 75,  0,   26,
    197, 62,  94,  252, 219, 203, 117, 35,  11,  32,  57,  177, 33,  88,  237, 149, 56,  87,  174,
    20,  125, 136, 171, 168, 68,  175, 74,  165, 71,  134, 139, 48,  27,  166, 77,  146, 158, 231,
    83,  111, 229, 122, 60,  211, 133, 230, 220, 105, 92,  41,  55,  46,  245, 40,  244, 102, 143,
    54,  65,  25,  63,  161, 1,   216, 80,  73,  209, 76,  132, 187, 208, 89,  18,  169, 200, 196,
    135, 130, 116, 188, 159, 86,  164, 100, 109, 198, 173, 186, 3,   64,  52,  217, 226, 250, 124,
    123, 5,   202, 38,  147, 118, 126, 255, 82,  85,  212, 207, 206, 59,  227, 47,  16,  58,  17,
    182, 189, 28,  42,  223, 183, 170, 213, 119, 248, 152, 2,   44,  154, 163, 70,  221, 153, 101,
    155, 167, 43,  172, 9,   129, 22,  39,  253, 19,  98,  108, 110, 79,  113, 224, 232, 178, 185,
    112, 104, 218, 246, 97,  228, 251, 34,  242, 193, 238, 210, 144, 12,  191, 179, 162, 241, 81,
    51,  145, 235, 249, 14,  239, 107, 49,  192, 214, 31,  181, 199, 106, 157, 184, 84,  204, 176,
    115, 121, 50,  45,  127, 4,   150, 254, 138, 236, 205, 93,  222, 114, 67,  29,  24,  72,  243,
    141, 128, 195, 78,  66,  215, 61,  156, 180,
};
int permuted(int i) {
    return kPermutation[static_cast<unsigned>(i) & 255u];
}

// The dot product of the lattice point's gradient (one of 12 cube-edge directions, by hash)
// with the offset from it.
float gradient(int x, int y, int z, float dx, float dy, float dz) {
    const int h = permuted(permuted(permuted(x) + y) + z) & 15;
    const float u = h < 8 || h == 12 || h == 13 ? dx : dy;
    const float v = h < 4 || h == 12 || h == 13 ? dy : dz;
    return ((h & 1) ? -u : u) + ((h & 2) ? -v : v);
}

float fade(float t) {
    return t * t * t * (t * (t * 6 - 15) + 10);
}
float lerp(float t, float a, float b) {
    return (1 - t) * a + t * b;
}
float smoothStep(float x, float a, float b) {
    const float t = std::clamp((x - a) / (b - a), 0.0f, 1.0f);
    return t * t * (3 - 2 * t);
}

// How many octaves the footprint leaves: clamp(-1 - log2(|dp|^2) / 2, 0, maxOctaves), where
// |dp| is the longer of the two pixel steps.
float octavesFor(Vec3 dpdx, Vec3 dpdy, int maxOctaves) {
    const float length2 = std::max(lengthSquared(dpdx), lengthSquared(dpdy));
    if (!(length2 > 0))
        return static_cast<float>(maxOctaves);
    return std::clamp(-1 - std::log2(length2) / 2, 0.0f, static_cast<float>(maxOctaves));
}

constexpr float kLacunarity = 1.99f; // not 2, so that octaves' lattices do not line up

} // namespace

float perlinNoise(float x, float y, float z) {
    // Far from the origin a float has no fraction left; wrap first (the noise has period 256,
    // and 2^30 is a multiple of it), as pbrt-v4 does.
    constexpr float kWrap = 1 << 30;
    x = std::fmod(x, kWrap), y = std::fmod(y, kWrap), z = std::fmod(z, kWrap);
    const float fx = std::floor(x), fy = std::floor(y), fz = std::floor(z);
    const float dx = x - fx, dy = y - fy, dz = z - fz;
    const int ix = static_cast<int>(fx) & 255, iy = static_cast<int>(fy) & 255,
              iz = static_cast<int>(fz) & 255;
    const float w000 = gradient(ix, iy, iz, dx, dy, dz);
    const float w100 = gradient(ix + 1, iy, iz, dx - 1, dy, dz);
    const float w010 = gradient(ix, iy + 1, iz, dx, dy - 1, dz);
    const float w110 = gradient(ix + 1, iy + 1, iz, dx - 1, dy - 1, dz);
    const float w001 = gradient(ix, iy, iz + 1, dx, dy, dz - 1);
    const float w101 = gradient(ix + 1, iy, iz + 1, dx - 1, dy, dz - 1);
    const float w011 = gradient(ix, iy + 1, iz + 1, dx, dy - 1, dz - 1);
    const float w111 = gradient(ix + 1, iy + 1, iz + 1, dx - 1, dy - 1, dz - 1);
    const float wx = fade(dx), wy = fade(dy), wz = fade(dz);
    const float y0 = lerp(wy, lerp(wx, w000, w100), lerp(wx, w010, w110));
    const float y1 = lerp(wy, lerp(wx, w001, w101), lerp(wx, w011, w111));
    return lerp(wz, y0, y1);
}

float fbm(Vec3 p, Vec3 dpdx, Vec3 dpdy, float omega, int maxOctaves) {
    const float n = octavesFor(dpdx, dpdy, maxOctaves);
    const int whole = static_cast<int>(std::floor(n));
    float sum = 0, lambda = 1, o = 1;
    for (int i = 0; i < whole; ++i) {
        sum += o * perlinNoise(p * lambda);
        lambda *= kLacunarity;
        o *= omega;
    }
    return sum + o * smoothStep(n - whole, 0.3f, 0.7f) * perlinNoise(p * lambda);
}

float turbulence(Vec3 p, Vec3 dpdx, Vec3 dpdy, float omega, int maxOctaves) {
    const float n = octavesFor(dpdx, dpdy, maxOctaves);
    const int whole = static_cast<int>(std::floor(n));
    float sum = 0, lambda = 1, o = 1;
    for (int i = 0; i < whole; ++i) {
        sum += o * std::fabs(perlinNoise(p * lambda));
        lambda *= kLacunarity;
        o *= omega;
    }
    sum += o * lerp(smoothStep(n - whole, 0.3f, 0.7f), 0.2f, std::fabs(perlinNoise(p * lambda)));
    for (int i = whole; i < maxOctaves; ++i) {
        sum += o * 0.2f;
        o *= omega;
    }
    return sum;
}

} // namespace lrt
