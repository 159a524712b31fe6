#include "renderer/lights/spot_light.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

SpotLight::SpotLight(Vec3 position, Vec3 axis, Color intensity, float coneAngleDegrees,
                     float coneDeltaDegrees, float beamDistribution)
    : position_(position), axis_(normalize(axis)), intensity_(intensity),
      beamDistribution_(beamDistribution) {
    const float toRadians = std::numbers::pi_v<float> / 180.0f;
    cosOutside_ = std::cos(coneAngleDegrees * toRadians);
    cosInside_ = std::cos(std::max(0.0f, coneAngleDegrees - coneDeltaDegrees) * toRadians);
}

std::optional<LightSample> SpotLight::sample(Vec3 p, Vec2) const {
    const Vec3 toLight = position_ - p;
    const float d2 = lengthSquared(toLight);
    if (d2 == 0)
        return std::nullopt;
    const float d = std::sqrt(d2);
    const Vec3 wi = toLight / d;
    const float cosine = dot(-wi, axis_);
    if (cosine <= cosOutside_)
        return std::nullopt;
    float falloff = 1;
    if (cosine < cosInside_) {
        const float t = (cosine - cosOutside_) / (cosInside_ - cosOutside_);
        falloff = t * t * (3 - 2 * t);
    }
    falloff *= std::pow(cosine, beamDistribution_);
    return LightSample{wi, d, intensity_ * (falloff / d2)};
}

} // namespace lrt
