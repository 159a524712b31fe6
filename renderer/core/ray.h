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

// Embree's bound on ray coordinates (FLT_LARGE in its RayK::valid()).
inline constexpr float kMaxRayCoordinate = 1.844e18f;

// Whether every coordinate of `v` is finite and within kMaxRayCoordinate (NaN is not).
inline bool withinRayRange(Vec3 v) {
    return std::fabs(v.x) <= kMaxRayCoordinate && std::fabs(v.y) <= kMaxRayCoordinate &&
           std::fabs(v.z) <= kMaxRayCoordinate;
}

// Whether Embree accepts `ray`: origin and direction withinRayRange, the direction not zero, and
// 0 <= tMin <= tMax (tMax may be infinite). Debian's Embree asserts this of every ray, so a ray
// that fails it must never reach Embree: it would abort the process.
inline bool isTraceable(const Ray& ray) {
    const Vec3 d = ray.direction;
    return withinRayRange(ray.origin) && withinRayRange(d) && (d.x != 0 || d.y != 0 || d.z != 0) &&
           ray.tMin >= 0 && ray.tMin <= ray.tMax;
}

// A ray origin just off the surface at p (unit normal `normal`), on the side `direction` leaves
// towards, so that the new ray does not hit the surface it starts on. The offset is scaled to the
// coordinates' magnitude, covering float rounding of the hit point.
inline Vec3 offsetOrigin(Vec3 p, Vec3 normal, Vec3 direction) {
    const float magnitude = std::max({1.0f, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    const float epsilon = 2e-4f * magnitude;
    return p + normal * (dot(normal, direction) >= 0 ? epsilon : -epsilon);
}

} // namespace lrt
