// A ray segment: origin, direction (not necessarily unit length) and parametric extent.
#pragma once

#include "renderer/core/vector.h"

#include <algorithm>
#include <cmath>

namespace lrt {

struct Ray {
    Ray() = default;
    Ray(Vec3 origin_, Vec3 direction_, float tMin_ = 0.0f, float tMax_ = INFINITY)
        : origin(origin_), direction(direction_), tMin(tMin_), tMax(tMax_) {}

    Vec3 origin;
    Vec3 direction;
    float tMin = 0.0f;
    float tMax = INFINITY;
    // Rays through the neighbouring pixels (camera rays only), for texture filtering.
    bool hasDifferentials = false;
    Vec3 rxOrigin, rxDirection, ryOrigin, ryDirection;

    Vec3 at(float t) const { return origin + direction * t; }
};

// A ray origin just off the surface at p (unit normal `normal`), on the side `direction` leaves
// towards, so that the new ray does not hit the surface it starts on. The offset is scaled to the
// coordinates' magnitude, covering float rounding of the hit point.
inline Vec3 offsetOrigin(Vec3 p, Vec3 normal, Vec3 direction) {
    const float magnitude = std::max({1.0f, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    const float epsilon = 2e-4f * magnitude;
    return p + normal * (dot(normal, direction) >= 0 ? epsilon : -epsilon);
}

} // namespace lrt
