// "spotlight": RenderMan's falloff, its parameters and creation.
#include "renderer/lights/spot_light.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lrt {

namespace {

using enum ValueKind;
const ParameterSpec kParameters[] = {
    {"from", Point, Vec3{0, 0, 0}, {}, "the light's position"},
    {"to", Point, Vec3{0, 0, 1}, {}, "where it points"},
    {"coneangle", Float, 30.0f, kReal.above(0).atMost(180), "the cone's half angle, in degrees"},
    {"conedeltaangle", Float, 5.0f, kReal.atLeast(0),
     "the width of the soft edge inside it, in degrees"},
    {"beamdistribution", Float, 2.0f, {}, "the exponent of cos(theta) across the beam"},
    kIntensityParameter,
    lightColorParameter("radiant intensity on the axis"),
};

std::unique_ptr<Light> create(const Parameters& p, const LightContext& c) {
    const Aim aim = lightAim(p, c, "spotlight");
    const float cone = p.getFloat("coneangle"), delta = p.getFloat("conedeltaangle");
    return std::make_unique<SpotLight>(c.lightToWorld.point(aim.from),
                                       c.lightToWorld.vector(aim.to - aim.from), lightPower(p),
                                       cone, delta, p.getFloat("beamdistribution"));
}

} // namespace

const LightEntry SpotLight::registryEntry{{"spotlight", false, kParameters}, &create};

SpotLight::SpotLight(Vec3 position, Vec3 axis, Color intensity, float coneAngleDegrees,
                     float coneDeltaDegrees, float beamDistribution)
    : position_(position), axis_(normalize(axis)), intensity_(intensity),
      beamDistribution_(beamDistribution) {
    const float toRadians = std::numbers::pi_v<float> / 180.0f;
    cosOutside_ = std::cos(coneAngleDegrees * toRadians);
    cosInside_ = std::cos(std::max(0.0f, coneAngleDegrees - coneDeltaDegrees) * toRadians);
}

SamplingWeight SpotLight::samplingWeight() const {
    // Its intensity at most over the cone's solid angle.
    const float solidAngle = 2 * std::numbers::pi_v<float> * (1 - cosOutside_);
    return pointBounds(position_, solidAngle * strength(intensity_), axis_, cosOutside_);
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
    // Behind the light's plane (a cone wider than 90 degrees) cos(theta) is negative, and its power
    // would be negative or NaN: the beam there has no strength.
    falloff *= std::pow(std::max(cosine, 0.0f), beamDistribution_);
    return LightSample{wi, d, intensity_ * (falloff / d2)};
}

} // namespace lrt
