// A 3-vector in double precision, for the few computations float cannot carry: quadric roots, and
// the solid angle of a spherical rectangle (a sum of four angles less 2 pi).
#pragma once

#include "renderer/core/vector.h"

#include <cmath>

namespace lrt {

struct DVec3 {
    double x, y, z;
};

constexpr DVec3 toDouble(Vec3 v) {
    return {v.x, v.y, v.z};
}
constexpr double dot(const DVec3& a, const DVec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
constexpr DVec3 cross(const DVec3& a, const DVec3& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline DVec3 normalize(const DVec3& a) {
    const double l = std::sqrt(dot(a, a));
    return {a.x / l, a.y / l, a.z / l};
}

} // namespace lrt
