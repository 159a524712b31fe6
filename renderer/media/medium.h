// A participating medium (fog, smoke, fire): what it absorbs, scatters and emits at a point, and
// majorants along a ray, upper bounds of its extinction that delta and ratio tracking
// (majorant_tracking.h) sample distances against. Coefficients are per unit length of world space.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/function_ref.h"
#include "renderer/core/ray.h"

namespace lrt {

struct MediumProperties {
    Color sigmaA, sigmaS; // absorption and scattering coefficients
    Color Le;             // emitted radiance: the medium emits sigma_a Le per unit length
    float g = 0;          // Henyey-Greenstein asymmetry of its phase function, in (-1, 1)
};

// A piece [tMin, tMax) of a ray over which the medium's extinction sigma_a + sigma_s is at most
// sigmaMajorant, channel by channel.
struct MajorantSegment {
    float tMin = 0, tMax = 0;
    Color sigmaMajorant;
};

class Medium {
public:
    virtual ~Medium() = default;
    virtual MediumProperties at(Vec3 p) const = 0;
    // The majorant segments covering [0, tMax) of `ray` (a unit direction), in order along it,
    // each handed to `visit` until it returns false. Where a medium has no segment it has no
    // extinction.
    virtual void forEachMajorant(const Ray& ray, float tMax,
                                 FunctionRef<bool(const MajorantSegment&)> visit) const = 0;
};

} // namespace lrt
