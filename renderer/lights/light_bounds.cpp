// Cone unions, light bounds unions and the bounds of a light at a point.
#include "renderer/lights/light_bounds.h"

#include <algorithm>
#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

float safeAcos(float x) {
    return std::acos(std::clamp(x, -1.0f, 1.0f));
}

// Rodrigues' rotation of v by `angle` about the unit axis k.
Vec3 rotated(Vec3 v, Vec3 k, float angle) {
    const float c = std::cos(angle), s = std::sin(angle);
    return v * c + cross(k, v) * s + k * (dot(k, v) * (1 - c));
}

} // namespace

DirectionCone unionOf(const DirectionCone& a, const DirectionCone& b) {
    if (a.empty())
        return b;
    if (b.empty())
        return a;
    const float thetaA = safeAcos(a.cosTheta), thetaB = safeAcos(b.cosTheta);
    const float thetaD = safeAcos(dot(a.w, b.w));
    if (std::min(thetaD + thetaB, kPi) <= thetaA)
        return a;
    if (std::min(thetaD + thetaA, kPi) <= thetaB)
        return b;
    // The new cone spans both: its half angle is half of thetaA + thetaD + thetaB, a little wider
    // for the rounding of the rotation below.
    const float thetaO = (thetaA + thetaD + thetaB) / 2 + 1e-4f;
    if (thetaO >= kPi)
        return DirectionCone::everyDirection();
    const Vec3 axis = cross(a.w, b.w);
    if (lengthSquared(axis) < 1e-12f)
        return DirectionCone::everyDirection();
    const Vec3 w = rotated(a.w, normalize(axis), thetaO - thetaA);
    return {normalize(w), std::cos(thetaO)};
}

LightBounds unionOf(const LightBounds& a, const LightBounds& b) {
    if (a.power == 0)
        return b;
    if (b.power == 0)
        return a;
    LightBounds u;
    u.bounds = a.bounds;
    u.bounds.extend(b.bounds.lower);
    u.bounds.extend(b.bounds.upper);
    u.power = a.power + b.power;
    u.normals = unionOf(a.normals, b.normals);
    u.cosThetaE = std::min(a.cosThetaE, b.cosThetaE);
    u.twoSided = a.twoSided || b.twoSided;
    return u;
}

LightBounds pointBounds(Vec3 position, float power, Vec3 axis, float cosThetaO) {
    LightBounds b;
    b.bounds.extend(position);
    b.power = power;
    b.normals = {axis, cosThetaO};
    // A point's "normal" is the direction light leaves it by: no spread around it beyond the
    // cone, but a sliver, so that the cone's own axis passes the strict test in
    // BoundsQuad::importance.
    b.cosThetaE = std::cos(1e-3f);
    return b;
}

} // namespace lrt
