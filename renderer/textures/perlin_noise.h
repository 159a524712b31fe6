// Perlin noise as pbrt-v4 evaluates it (Ken Perlin, "Improving Noise", SIGGRAPH 2002: the
// gradient lattice of his reference permutation and the quintic fade 6t^5 - 15t^4 + 10t^3), and
// the sums of octaves built on it: fractional Brownian motion and turbulence, whose octave count
// shrinks with the pixel footprint so that detail finer than a pixel fades out instead of
// aliasing. The same point gives pbrt-v4's value, so an imported scene shows the same pattern.
#pragma once

#include "renderer/core/vector.h"

namespace lrt {

// In [-1, 1], 0 at every lattice point; periodic with period 256 along each axis.
float perlinNoise(float x, float y, float z);
inline float perlinNoise(Vec3 p) {
    return perlinNoise(p.x, p.y, p.z);
}

// sum over octaves i of omega^i noise(1.99^i p), at most maxOctaves of them; fewer where the
// footprint dpdx, dpdy is wide (all of them when it is zero, i.e. unknown).
float fbm(Vec3 p, Vec3 dpdx, Vec3 dpdy, float omega, int maxOctaves);
// The same sum of |noise|, with the octaves the footprint drops counted at their mean, 0.2.
float turbulence(Vec3 p, Vec3 dpdx, Vec3 dpdy, float omega, int maxOctaves);

} // namespace lrt
