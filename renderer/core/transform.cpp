// Transform arithmetic. Inversion is Gauss-Jordan with partial pivoting in double precision.
#include "renderer/core/transform.h"

#include <cmath>
#include <numbers>

namespace lrt {

namespace {
bool allFinite(const Matrix4& m) {
    for (const auto& row : m)
        for (const float v : row)
            if (!std::isfinite(v))
                return false;
    return true;
}
} // namespace

bool Transform::isFinite() const {
    return allFinite(m_) && allFinite(inverse_);
}

Matrix4 multiply(const Matrix4& a, const Matrix4& b) {
    Matrix4 r{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            double sum = 0.0;
            for (int k = 0; k < 4; ++k)
                sum += static_cast<double>(a[i][k]) * b[k][j];
            r[i][j] = static_cast<float>(sum);
        }
    return r;
}

Matrix4 transpose(const Matrix4& m) {
    Matrix4 t{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            t[i][j] = m[j][i];
    return t;
}

std::optional<Matrix4> invert(const Matrix4& m) {
    double a[4][8];
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            a[i][j] = m[i][j];
            a[i][j + 4] = i == j ? 1.0 : 0.0;
        }
    for (int column = 0; column < 4; ++column) {
        int pivot = column;
        for (int row = column + 1; row < 4; ++row)
            if (std::fabs(a[row][column]) > std::fabs(a[pivot][column]))
                pivot = row;
        if (std::fabs(a[pivot][column]) < 1e-12)
            return std::nullopt;
        if (pivot != column)
            for (int j = 0; j < 8; ++j)
                std::swap(a[pivot][j], a[column][j]);
        const double scale = 1.0 / a[column][column];
        for (int j = 0; j < 8; ++j)
            a[column][j] *= scale;
        for (int row = 0; row < 4; ++row)
            if (row != column) {
                const double factor = a[row][column];
                for (int j = 0; j < 8; ++j)
                    a[row][j] -= factor * a[column][j];
            }
    }
    Matrix4 inverse{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            inverse[i][j] = static_cast<float>(a[i][j + 4]);
    return inverse;
}

std::optional<Transform> Transform::fromMatrix(const Matrix4& m) {
    const auto inverse = invert(m);
    if (!inverse)
        return std::nullopt;
    return Transform(m, *inverse);
}

Transform Transform::translate(Vec3 d) {
    Matrix4 m = identityMatrix(), inverse = identityMatrix();
    m[0][3] = d.x, m[1][3] = d.y, m[2][3] = d.z;
    inverse[0][3] = -d.x, inverse[1][3] = -d.y, inverse[2][3] = -d.z;
    return {m, inverse};
}

Transform Transform::scale(float x, float y, float z) {
    Matrix4 m = identityMatrix(), inverse = identityMatrix();
    m[0][0] = x, m[1][1] = y, m[2][2] = z;
    inverse[0][0] = 1 / x, inverse[1][1] = 1 / y, inverse[2][2] = 1 / z;
    return {m, inverse};
}

Transform Transform::rotate(float degrees, Vec3 axis) {
    if (lengthSquared(axis) == 0.0f)
        return {};
    const Vec3 a = normalize(axis);
    const double theta = degrees * std::numbers::pi / 180.0;
    const float s = static_cast<float>(std::sin(theta)), c = static_cast<float>(std::cos(theta));
    Matrix4 m = identityMatrix();
    m[0][0] = a.x * a.x + (1 - a.x * a.x) * c;
    m[0][1] = a.x * a.y * (1 - c) - a.z * s;
    m[0][2] = a.x * a.z * (1 - c) + a.y * s;
    m[1][0] = a.x * a.y * (1 - c) + a.z * s;
    m[1][1] = a.y * a.y + (1 - a.y * a.y) * c;
    m[1][2] = a.y * a.z * (1 - c) - a.x * s;
    m[2][0] = a.x * a.z * (1 - c) - a.y * s;
    m[2][1] = a.y * a.z * (1 - c) + a.x * s;
    m[2][2] = a.z * a.z + (1 - a.z * a.z) * c;
    return {m, transpose(m)};
}

std::optional<Transform> Transform::lookAt(Vec3 eye, Vec3 target, Vec3 up) {
    const Vec3 forward = target - eye;
    if (lengthSquared(forward) == 0.0f)
        return std::nullopt;
    const Vec3 dir = normalize(forward);
    const Vec3 right = cross(normalize(up), dir);
    if (lengthSquared(right) < 1e-12f)
        return std::nullopt;
    const Vec3 r = normalize(right);
    const Vec3 newUp = cross(dir, r);
    Matrix4 cameraToWorld = identityMatrix();
    for (int i = 0; i < 3; ++i) {
        cameraToWorld[i][0] = r[i];
        cameraToWorld[i][1] = newUp[i];
        cameraToWorld[i][2] = dir[i];
        cameraToWorld[i][3] = eye[i];
    }
    const auto camera = Transform::fromMatrix(cameraToWorld);
    if (!camera)
        return std::nullopt;
    return camera->inverse();
}

Transform operator*(const Transform& a, const Transform& b) {
    return {multiply(a.m_, b.m_), multiply(b.inverse_, a.inverse_)};
}

bool Transform::swapsHandedness() const {
    const auto& m = m_;
    const float det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                      m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                      m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    return det < 0.0f;
}

} // namespace lrt
