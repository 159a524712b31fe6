// Small fixed-size vectors: Vec3 for points, directions and normals, Vec2 for image and texture
// coordinates. Single precision, as Embree traces in.
#pragma once

#include <algorithm>
#include <cmath>

namespace lrt {

struct Vec2 {
    float x = 0, y = 0;
};

struct Vec3 {
    float x = 0, y = 0, z = 0;

    constexpr Vec3() = default;
    constexpr Vec3(float x_, float y_, float z_) : x(x_), y(y_), z(z_) {}

    float operator[](int i) const { return i == 0 ? x : i == 1 ? y : z; }
    float& operator[](int i) { return i == 0 ? x : i == 1 ? y : z; }

    friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
    friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
    friend constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
    friend constexpr Vec3 operator*(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
    friend constexpr Vec3 operator*(float s, Vec3 a) { return a * s; }
    friend constexpr Vec3 operator/(Vec3 a, float s) { return {a.x / s, a.y / s, a.z / s}; }
    Vec3& operator+=(Vec3 b) { return *this = *this + b; }
    Vec3& operator-=(Vec3 b) { return *this = *this - b; }
    Vec3& operator*=(float s) { return *this = *this * s; }
    friend constexpr bool operator==(Vec3, Vec3) = default;
};

constexpr float dot(Vec3 a, Vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
constexpr Vec3 cross(Vec3 a, Vec3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline float lengthSquared(Vec3 a) {
    return dot(a, a);
}
inline float length(Vec3 a) {
    return std::sqrt(dot(a, a));
}
// One division and three multiplications: normalising is on every hit's and sample's path.
inline Vec3 normalize(Vec3 a) {
    const float l = length(a);
    return l > 0 ? a * (1 / l) : Vec3{};
}
inline Vec3 componentMin(Vec3 a, Vec3 b) {
    return {std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)};
}
inline Vec3 componentMax(Vec3 a, Vec3 b) {
    return {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)};
}
inline Vec3 faceForward(Vec3 n, Vec3 v) {
    return dot(n, v) < 0 ? -n : n;
}

// An orthonormal basis (s, t, n) around unit vector n (Duff et al. 2017).
inline void orthonormalBasis(Vec3 n, Vec3& s, Vec3& t) {
    const float sign = std::copysign(1.0f, n.z);
    const float a = -1.0f / (sign + n.z);
    const float b = n.x * n.y * a;
    s = {1.0f + sign * n.x * n.x * a, sign * b, -sign * n.x};
    t = {b, sign + n.y * n.y * a, -n.y};
}

struct Bounds3 {
    Vec3 lower{INFINITY, INFINITY, INFINITY};
    Vec3 upper{-INFINITY, -INFINITY, -INFINITY};

    void extend(Vec3 p) {
        lower = componentMin(lower, p);
        upper = componentMax(upper, p);
    }
};

} // namespace lrt
