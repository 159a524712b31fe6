// Cone unions and the importance function of light bounds.
#include "renderer/lights/light_bounds.h"

#include <algorithm>
#include <cfloat>
#include <numbers>

namespace lrt {

namespace {

constexpr float kPi = std::numbers::pi_v<float>;

float safeAcos(float x) {
    return std::acos(std::clamp(x, -1.0f, 1.0f));
}
float sinFromCos(float c) {
    return std::sqrt(std::max(0.0f, 1 - c * c));
}

// Rodrigues' rotation of v by `angle` about the unit axis k.
Vec3 rotated(Vec3 v, Vec3 k, float angle) {
    const float c = std::cos(angle), s = std::sin(angle);
    return v * c + cross(k, v) * s + k * (dot(k, v) * (1 - c));
}

// cos(max(0, theta - bound)) from the cosines of theta and bound and bound's sine (theta and
// bound in [0, pi]).
float cosReduced(float cosTheta, float cosBound, float sinBound) {
    if (cosTheta >= cosBound)
        return 1.0f;
    return cosTheta * cosBound + sinFromCos(cosTheta) * sinBound;
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
    // cone, but a sliver, so that the cone's own axis passes the strict test in importance().
    b.cosThetaE = std::cos(1e-3f);
    return b;
}

ImportanceBounds::ImportanceBounds(const LightBounds& b)
    : centre_((b.bounds.lower + b.bounds.upper) * 0.5f),
      radius2_(lengthSquared(b.bounds.upper - b.bounds.lower) * 0.25f), w_(b.normals.w),
      power_(b.power), cosO_(b.normals.cosTheta), sinO_(sinFromCos(b.normals.cosTheta)),
      cosE_(b.cosThetaE), twoSided_(b.twoSided) {}

float ImportanceBounds::importance(Vec3 p, Vec3 n) const {
    if (!(power_ > 0))
        return 0.0f;
    const Vec3 v = p - centre_;
    const float centreDistance2 = lengthSquared(v);
    // A receiver at the emitter itself: a tiny floor keeps the estimate finite.
    const float d2 = std::max({centreDistance2, radius2_, 1e-12f});
    const Vec3 wi = centreDistance2 > 0 ? v / std::sqrt(centreDistance2) : w_;
    // The half angle theta_b of the cone from p that holds the bounding sphere: every angle
    // below is reduced by it (all of them, to 0, where p is inside the sphere).
    float cosB = -1, sinB = 0;
    if (centreDistance2 > radius2_) {
        const float sin2B = radius2_ / centreDistance2;
        cosB = std::sqrt(1 - sin2B);
        sinB = std::sqrt(sin2B);
    }
    // The smallest angle between an emitted direction and the direction to p: theta_w (to the
    // cone's axis) less the normals' spread theta_o and theta_b.
    float cosW = dot(w_, wi);
    if (twoSided_)
        cosW = std::fabs(cosW);
    float cosWminusO = 1.0f;
    if (cosW < cosO_) {
        const float sinW = sinFromCos(cosW);
        // cos and sin of theta_w - theta_o, which lies in (0, pi].
        const float c = cosW * cosO_ + sinW * sinO_, s = sinW * cosO_ - cosW * sinO_;
        cosWminusO = c >= cosB ? 1.0f : c * cosB + s * sinB;
    }
    if (cosWminusO <= cosE_)
        return 0.0f;
    float estimate = power_ * cosWminusO / d2;
    if (n != Vec3{})
        estimate *= cosReduced(std::fabs(dot(wi, n)), cosB, sinB);
    return estimate > 0 ? std::min(estimate, FLT_MAX) : 0.0f;
}

} // namespace lrt
