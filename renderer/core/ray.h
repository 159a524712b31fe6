// A ray segment: origin, direction (not necessarily unit length) and parametric extent.
#pragma once

#include "renderer/core/vector.h"

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

} // namespace lrt
