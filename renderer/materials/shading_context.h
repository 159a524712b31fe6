// What a material may ask of the integrator while it shades one point of one camera sample:
// radiance along another ray (SL's `trace`) and the sample's random stream (SL's `rnd`).
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/ray.h"

namespace lrt {

class ShadingContext {
public:
    virtual ~ShadingContext() = default;
    // Radiance arriving along a world-space ray, through the active integrator; black once the
    // recursion depth is spent.
    virtual Color trace(const Ray& ray) = 0;
    // Depth of the point being shaded (the camera's hit is 0).
    virtual int depth() const = 0;
    virtual float random() = 0;
};

} // namespace lrt
