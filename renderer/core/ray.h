// A ray segment: origin, direction (not necessarily unit length) and parametric extent.
#pragma once

#include "renderer/core/vector.h"

#include <cmath>

namespace lrt {

struct Ray {
    Vec3 origin;
    Vec3 direction;
    float tMin = 0.0f;
    float tMax = INFINITY;

    Vec3 at(float t) const { return origin + direction * t; }
};

} // namespace lrt
