// "ambientlight": uniform light of radiance intensity * lightcolor that surfaces reflect through
// their Ka (RenderMan's ambient()); it casts no shadows.
#pragma once

#include "renderer/lights/light.h"
#include "renderer/lights/light_registry.h"

namespace lrt {

class AmbientLight final : public Light {
public:
    // Its parameters and create() are in the .cpp file, with its registry entry.
    static const LightEntry registryEntry;
    explicit AmbientLight(Color radiance) : radiance_(radiance) {}
    std::optional<LightSample> sample(Vec3, Vec2) const override { return std::nullopt; }
    bool isAmbient() const override { return true; }
    SamplingWeight samplingWeight() const override { return NeverSampled{}; }
    Color ambientRadiance() const override { return radiance_; }

private:
    Color radiance_;
};

} // namespace lrt
