// Bounds on a group of emitters for a light BVH: where they are, how much power they send and in
// which directions (Conty Estevez and Kulla, "Importance Sampling of Many Lights with Adaptive
// Tree Splitting", 2018; the same bounds as Cycles' light tree and pbrt-v4's BVHLightSampler).
// The importance they get at a shading point is lightsamplers/bounds_quad.h's.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/vector.h"

#include <cmath>

namespace lrt {

// The directions within an angle of an axis: acos(cosTheta) of w. cosTheta = -1 is every
// direction; an empty cone (no direction) has cosTheta = +infinity.
struct DirectionCone {
    Vec3 w{0, 0, 1};
    float cosTheta = INFINITY;

    bool empty() const { return cosTheta == INFINITY; }
    static DirectionCone everyDirection() { return {{0, 0, 1}, -1.0f}; }
};

// The smallest cone (up to rounding, which widens it) that holds both.
DirectionCone unionOf(const DirectionCone& a, const DirectionCone& b);

struct LightBounds {
    Bounds3 bounds;        // where the emitters lie
    float power = 0;       // their summed power (any consistent measure; the samplers use W)
    DirectionCone normals; // the emitters' normals (a spot light's axis) lie within it
    float cosThetaE = 0;   // light leaves within acos(cosThetaE) of a normal (pi/2: cos 0)
    bool twoSided = false; // emits on both sides of each normal
};

LightBounds unionOf(const LightBounds& a, const LightBounds& b);

// How strongly a colour of light shines, for powers: the mean of its channels' magnitudes, so
// that any light that lights anything has a positive power.
inline float strength(Color c) {
    return (std::fabs(c.r) + std::fabs(c.g) + std::fabs(c.b)) / 3;
}

// The bounds of a light at one point: power `power`, sending light within acos(cosThetaO) of
// `axis` (every direction for cosThetaO = -1).
LightBounds pointBounds(Vec3 position, float power, Vec3 axis, float cosThetaO);

} // namespace lrt
