// Distance sampling and transmittance in a medium against its majorants (the null-scattering
// formulation of Miller, Georgiev and Jarosz 2019, as pbrt-v4 implements it): tentative
// collisions are drawn with density sigma_maj exp(-sigma_maj t) in one channel, and the caller
// decides at each whether it is absorption, real scattering or a null collision. Random numbers
// come from the caller, one per tentative collision, so that its sample pattern decides them.
#pragma once

#include "renderer/media/medium.h"

namespace lrt {

// What the callback of sampleCollisions learns at a tentative collision: where it is, the medium
// there, the majorant of its segment, the majorant transmittance from the previous collision (or
// the ray's start) to it, and the density with which it was drawn there (so that
// majorantTransmittance sigma / density weighs a channel's estimate without bias).
struct TentativeCollision {
    float t = 0;
    Vec3 p;
    MediumProperties medium;
    Color sigmaMajorant;
    Color majorantTransmittance;
    float density = 0;
};

// Draws tentative collisions along [0, tMax) of `ray` (a unit direction), in order, and calls
// `collide` at each until it returns false. Distances follow the majorant of channel `channel`
// (0 red, 1 green, 2 blue), or of the largest channel in a segment where that one's is zero.
// `uniform` gives a number in [0, 1) per collision. Returns, when no collision stopped the walk,
// the majorant transmittance from the last collision to tMax divided by the probability of
// drawing no collision there (a weight per channel, 1 in the sampling channel); 1 otherwise.
Color sampleCollisions(const Medium& medium, const Ray& ray, float tMax, int channel,
                       FunctionRef<float()> uniform,
                       FunctionRef<bool(const TentativeCollision&)> collide);

// An unbiased estimate of the transmittance exp(-integral of sigma_t) along [0, tMax) of `ray`
// (a unit direction), each channel's, by ratio tracking with distances drawn in `channel`, and
// Russian roulette once every channel's estimate is below 0.05.
Color ratioTrackingTransmittance(const Medium& medium, const Ray& ray, float tMax, int channel,
                                 FunctionRef<float()> uniform);

} // namespace lrt
