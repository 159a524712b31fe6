// 4x4 affine/projective transforms with cached inverses, in the conventions of pbrt and
// RenderMan: points are column vectors (p' = M p) and composition T1 * T2 applies T2 first.
#pragma once

#include "renderer/core/ray.h"
#include "renderer/core/vector.h"

#include <array>
#include <optional>

namespace lrt {

using Matrix4 = std::array<std::array<float, 4>, 4>;

constexpr Matrix4 identityMatrix() {
    return {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}};
}
Matrix4 multiply(const Matrix4& a, const Matrix4& b);
Matrix4 transpose(const Matrix4& m);
// Nullopt when m is singular (or nearly so).
std::optional<Matrix4> invert(const Matrix4& m);

class Transform {
public:
    Transform() : m_(identityMatrix()), inverse_(identityMatrix()), identity_(true) {}
    Transform(const Matrix4& m, const Matrix4& inverse)
        : m_(m), inverse_(inverse), identity_(m == identityMatrix()) {}
    // Nullopt for a singular matrix.
    static std::optional<Transform> fromMatrix(const Matrix4& m);

    static Transform translate(Vec3 delta);
    static Transform scale(float x, float y, float z);
    static Transform rotate(float degrees,
                            Vec3 axis); // axis need not be unit; zero axis is identity
    // World-to-camera for a camera at `eye` looking at `target` with `up` (pbrt's LookAt);
    // nullopt when the view direction is zero or parallel to up.
    static std::optional<Transform> lookAt(Vec3 eye, Vec3 target, Vec3 up);

    const Matrix4& matrix() const { return m_; }
    Transform inverse() const { return Transform(inverse_, m_, identity_); }
    friend Transform operator*(const Transform& a, const Transform& b);
    friend bool operator==(const Transform& a, const Transform& b) { return a.m_ == b.m_; }

    // Inline: every hit and light sample goes through these.
    // The identity (shapes declared in world space, the usual case) is skipped outright.
    Vec3 point(Vec3 p) const { // divides by w when w != 1
        if (identity_)
            return p;
        const auto& m = m_;
        const float x = m[0][0] * p.x + m[0][1] * p.y + m[0][2] * p.z + m[0][3];
        const float y = m[1][0] * p.x + m[1][1] * p.y + m[1][2] * p.z + m[1][3];
        const float z = m[2][0] * p.x + m[2][1] * p.y + m[2][2] * p.z + m[2][3];
        const float w = m[3][0] * p.x + m[3][1] * p.y + m[3][2] * p.z + m[3][3];
        return w == 1.0f ? Vec3{x, y, z} : Vec3{x, y, z} / w;
    }
    Vec3 vector(Vec3 v) const {
        if (identity_)
            return v;
        const auto& m = m_;
        return {m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z,
                m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
                m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z};
    }
    Vec3 normal(Vec3 n) const { // by the inverse transpose
        if (identity_)
            return n;
        const auto& i = inverse_;
        return {i[0][0] * n.x + i[1][0] * n.y + i[2][0] * n.z,
                i[0][1] * n.x + i[1][1] * n.y + i[2][1] * n.z,
                i[0][2] * n.x + i[1][2] * n.y + i[2][2] * n.z};
    }
    Ray ray(const Ray& r) const { return {point(r.origin), vector(r.direction), r.tMin, r.tMax}; }
    // True when the transform flips handedness (negative determinant of the 3x3 part).
    bool swapsHandedness() const;
    bool isIdentity() const { return identity_; }
    // True when every entry of the matrix and of its inverse is finite: a product of invertible
    // transforms can overflow float, or shrink to a singular matrix whose inverse overflows.
    bool isFinite() const;

private:
    Transform(const Matrix4& m, const Matrix4& inverse, bool identity)
        : m_(m), inverse_(inverse), identity_(identity) {}

    Matrix4 m_;
    Matrix4 inverse_;
    bool identity_;
};

} // namespace lrt
