// The Light interface: where light comes from at a point, in pbrt's radiometry
// (docs/scene-format.md).
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/vector.h"
#include "renderer/lights/light_bounds.h"

#include <optional>
#include <variant>

namespace lrt {

struct LightSample {
    Vec3 wi;        // unit, from the shaded point towards the light
    float distance; // to the sampled point on the light; infinity for distant lights
    Color E;        // incident radiance times solid angle (I / r^2 for point lights)
    float pdf = 0;  // solid-angle density of wi; 0 for delta lights (point, spot, distant)
};

// What light samplers (renderer/lightsamplers/) weigh a light by. Every light must say, so that
// none is left out of the default sampler by a forgotten override:
// - LightBounds: a light with a place (point, spot): where it is and how it shines;
struct FacingIrradiance { // a light without a place (distant, infinite): the irradiance it gives
    float strength;       // a surface facing it (strength() of the colour)
};
class AreaLight;
struct SampledByPiece {     // area lights: each shape, and each light piece of a mesh, is weighed
    const AreaLight* light; // alone
};
struct NeverSampled {}; // ambient lights, which are added at every point instead
using SamplingWeight = std::variant<LightBounds, FacingIrradiance, SampledByPiece, NeverSampled>;

class Light {
public:
    virtual ~Light() = default;
    // A sample of the light as seen from p (u uniform in [0,1)^2); nullopt when it sends nothing.
    virtual std::optional<LightSample> sample(Vec3 p, Vec2 u) const = 0;
    // Ambient lights contribute through Material::ambient instead of samples.
    virtual bool isAmbient() const { return false; }
    virtual Color ambientRadiance() const { return {}; }
    // Area and infinite lights take one sample per camera sample, stratified over the pixel; the
    // others are exact.
    virtual bool isStratified() const { return false; }
    // Infinite lights are what rays that leave the scene see.
    virtual bool isInfinite() const { return false; }
    // Infinite (environment) lights: the radiance arriving from `direction` (unit, world space)
    // when nothing is in the way, and the density sample() draws that direction with.
    virtual Color radiance(Vec3) const { return {}; }
    virtual float pdf(Vec3) const { return 0.0f; }

    // What light samplers weigh it by (required: a light the samplers knew nothing of would never
    // be picked, and render black).
    virtual SamplingWeight samplingWeight() const = 0;
};

} // namespace lrt
