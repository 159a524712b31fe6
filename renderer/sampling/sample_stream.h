// Deterministic random numbers for one camera sample: every value depends only on (seed, frame,
// pixel, sample index), never on threads or tile order, so images are bitwise reproducible.
#pragma once

#include "renderer/core/vector.h"
#include "renderer/sampling/pcg32.h"

#include <algorithm>
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
    SampleStream(std::uint64_t pixel, int sampleIndex)
        : rng_(pixel, static_cast<std::uint64_t>(sampleIndex)) {}
    float next() { return rng_.uniform(); }
    Vec2 next2D() {
        const float a = next();
        return {a, next()};
    }

private:
    Pcg32 rng_;
};

// The 2-D sample positions of one pixel's samples. Stratified: sample i lies in stratum
// (i mod nx, i div nx), jittered. Low-discrepancy: sample i is point i of the R2 Kronecker sequence
// (Roberts 2018: frac(0.5 + i (1/g, 1/g^2)), g the plastic number), which is well spread for any
// number of samples. Either way a per-pixel, per-purpose rotation (Cranley-Patterson)
// decorrelates the dimensions (film position, lens, each light, each bounce) while keeping each
// one's spread; purpose 0, the film position, is not rotated in stratified mode.
struct Stratification {
    int nx = 1, ny = 1;
    bool jitter = true;
    bool lowDiscrepancy = false;

    int count() const { return nx * ny; }

    Vec2 sample(int index, Vec2 jitterSample, std::uint64_t pixel, std::uint64_t purpose) const {
        Vec2 p;
        if (lowDiscrepancy) {
            constexpr double g = 1.32471795724474602596;
            const double i = static_cast<double>(index);
            p = {static_cast<float>(fraction(0.5 + i / g)),
                 static_cast<float>(fraction(0.5 + i / (g * g)))};
        } else {
            const float jx = jitter ? jitterSample.x : 0.5f, jy = jitter ? jitterSample.y : 0.5f;
            p = {(static_cast<float>(index % nx) + jx) / static_cast<float>(nx),
                 (static_cast<float>(index / nx) + jy) / static_cast<float>(ny)};
            if (purpose == 0)
                return p;
        }
        const std::uint64_t h = mix64(pixel ^ mix64(purpose));
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
    static std::uint64_t bsdfPurpose(int bounce) {
        return (static_cast<std::uint64_t>(bounce) + 1) << 32;
    }

private:
    static double fraction(double x) { return x - std::floor(x); }
};

} // namespace lrt
