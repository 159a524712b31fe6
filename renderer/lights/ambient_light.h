// "ambientlight": uniform light of radiance intensity * lightcolor that surfaces reflect through
// their Ka (RenderMan's ambient()); it casts no shadows.
#pragma once

#include "renderer/lights/light.h"

namespace lrt {

class AmbientLight final : public Light {
public:
    explicit AmbientLight(Color radiance) : radiance_(radiance) {}
    std::optional<LightSample> sample(Vec3, Vec2) const override { return std::nullopt; }
    bool isAmbient() const override { return true; }
    Color ambientRadiance() const override { return radiance_; }

private:
    Color radiance_;
};

} // namespace lrt
