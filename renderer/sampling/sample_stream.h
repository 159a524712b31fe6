// Deterministic random numbers for one camera sample: every value depends only on (seed, frame,
// pixel, sample index), never on threads or tile order, so images are bitwise reproducible.
#pragma once

#include "renderer/core/vector.h"
#include "renderer/sampling/pcg32.h"

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

// Stratified (jittered) positions over [0,1)^2 for the samples of one pixel: sample i lies in
// stratum (i mod nx, i div nx). A per-pixel, per-purpose rotation (Cranley-Patterson) decorrelates
// the light samples from the film positions while keeping them stratified.
struct Stratification {
    int nx = 1, ny = 1;
    bool jitter = true;

    int count() const { return nx * ny; }
    Vec2 point(int index, Vec2 jitterSample) const {
        const float jx = jitter ? jitterSample.x : 0.5f, jy = jitter ? jitterSample.y : 0.5f;
        return {(static_cast<float>(index % nx) + jx) / static_cast<float>(nx),
                (static_cast<float>(index / nx) + jy) / static_cast<float>(ny)};
    }
    Vec2 rotated(int index, Vec2 jitterSample, std::uint64_t pixel, std::uint64_t purpose) const {
        const Vec2 p = point(index, jitterSample);
        const std::uint64_t h = mix64(pixel ^ mix64(purpose));
        const float rx = static_cast<float>(h >> 40) * 0x1p-24f,
                    ry = static_cast<float>((h >> 16) & 0xffffff) * 0x1p-24f;
        auto wrap = [](float v) { return v >= 1.0f ? v - 1.0f : v; };
        return {wrap(p.x + rx), wrap(p.y + ry)};
    }
};

} // namespace lrt
