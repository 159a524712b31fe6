// Gradient noise and turbulence for `turb`: Ken Perlin's improved noise (2002) and its
// fractal sum, shared by every host so that shaders look the same everywhere.
#pragma once

namespace slvm::sl {

inline constexpr int kTurbulenceOctaves = 8;

// Improved Perlin noise in [-1, 1]; zero at every integer lattice point; NaN for non-finite input.
float perlinNoise(float x, float y, float z);

// sum_{i=0}^{7} |perlinNoise(2^i p)| / 2^i, in [0, 2).
float turbulence(float x, float y, float z);

} // namespace slvm::sl
