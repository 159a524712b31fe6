// "spotlight": a point light at "from" aimed at "to", with RenderMan's falloff:
// I(theta) = intensity * lightcolor * cos(theta)^beamdistribution *
//            smoothstep(cos(coneangle), cos(coneangle - conedeltaangle), cos(theta)),
// angles in degrees.
#pragma once

#include "renderer/lights/light.h"
#include "renderer/lights/light_registry.h"

namespace lrt {

class SpotLight final : public Light {
public:
    // Its parameters and create() are in the .cpp file, with its registry entry.
    static const LightEntry registryEntry;
    SpotLight(Vec3 position, Vec3 axis, Color intensity, float coneAngleDegrees,
              float coneDeltaDegrees, float beamDistribution);
    std::optional<LightSample> sample(Vec3 p, Vec2 u) const override;
    SamplingWeight samplingWeight() const override;

private:
    Vec3 position_, axis_;
    Color intensity_;
    float cosOutside_, cosInside_, beamDistribution_;
};

} // namespace lrt
