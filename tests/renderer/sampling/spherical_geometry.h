// Geometry in double precision for the spherical sampling tests, written independently of the
// renderer's: vector operations, Girard's theorem for a spherical triangle's solid angle, and the
// Monte Carlo integral of a solid-angle density over the sphere.
#pragma once

#include "renderer/core/vector.h"
#include "renderer/sampling/pcg32.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace lrt::testing {

using Double3 = std::array<double, 3>;

inline Double3 toDouble(Vec3 v) {
    return {v.x, v.y, v.z};
}
inline double dot3(const Double3& a, const Double3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
inline Double3 cross3(const Double3& a, const Double3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline Double3 minus(const Double3& a, const Double3& b) {
    return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
inline Double3 plus(const Double3& a, const Double3& b) {
    return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}
inline Double3 scaled(const Double3& a, double s) {
    return {a[0] * s, a[1] * s, a[2] * s};
}
inline Double3 unit(const Double3& a) {
    return scaled(a, 1 / std::sqrt(dot3(a, a)));
}

// Girard: the area of a spherical triangle is the excess of its angles over pi; each angle is the
// one between the tangents of its two sides.
inline double girardSolidAngle(const Double3& p, const std::array<Double3, 3>& t) {
    std::array<Double3, 3> c;
    for (std::size_t i = 0; i < 3; ++i)
        c[i] = unit(minus(t[i], p));
    double sum = 0;
    for (std::size_t i = 0; i < 3; ++i) {
        const Double3 &a = c[i], &b = c[(i + 1) % 3], &d = c[(i + 2) % 3];
        const Double3 tb = unit(minus(b, scaled(a, dot3(a, b))));
        const Double3 td = unit(minus(d, scaled(a, dot3(a, d))));
        sum += std::acos(std::clamp(dot3(tb, td), -1.0, 1.0));
    }
    return sum - std::numbers::pi;
}

// A direction uniform on the unit sphere from two uniform numbers.
inline Double3 uniformDirection(double u1, double u2) {
    const double z = 1 - 2 * u1, phi = 2 * std::numbers::pi * u2;
    const double r = std::sqrt(std::max(0.0, 1 - z * z));
    return {r * std::cos(phi), r * std::sin(phi), z};
}

// The integral over the sphere of directions of a density that is 1 / solidAngle where
// `hits(direction)` and 0 elsewhere, by Monte Carlo over `n` uniform directions (4 pi times the
// mean density), and the estimate's standard error.
struct DensityIntegral {
    double value, error;
};
template <class Hits>
DensityIntegral integrateDensity(double solidAngle, int n, std::uint64_t seed, const Hits& hits) {
    Pcg32 random(seed);
    int inside = 0;
    for (int i = 0; i < n; ++i) {
        const double u1 = random.uniform(), u2 = random.uniform();
        inside += hits(uniformDirection(u1, u2));
    }
    const double fraction = inside / double(n), scale = 4 * std::numbers::pi / solidAngle;
    return {scale * fraction, scale * std::sqrt(fraction * (1 - fraction) / n)};
}

} // namespace lrt::testing
