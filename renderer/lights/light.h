// The Light interface: where light comes from at a point, in pbrt's radiometry (DESIGN.md §5).
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/vector.h"

#include <optional>

namespace lrt {

struct LightSample {
    Vec3 wi;        // unit, from the shaded point towards the light
    float distance; // to the sampled point on the light; infinity for distant lights
    Color E;        // incident radiance times solid angle (I / r^2 for point lights)
};

class Light {
public:
    virtual ~Light() = default;
    // A sample of the light as seen from p (u uniform in [0,1)^2); nullopt when it sends nothing.
    virtual std::optional<LightSample> sample(Vec3 p, Vec2 u) const = 0;
    // Ambient lights contribute through Material::ambient instead of samples.
    virtual bool isAmbient() const { return false; }
    virtual Color ambientRadiance() const { return {}; }
    // Area lights take one stratified sample per camera sample; the others are exact.
    virtual bool isArea() const { return false; }
};

} // namespace lrt
