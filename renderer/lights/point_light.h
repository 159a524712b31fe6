// "pointlight": radiant intensity I = intensity * lightcolor from the point "from".
#pragma once

#include "renderer/lights/light.h"
#include "renderer/lights/light_registry.h"

#include <numbers>

namespace lrt {

class PointLight final : public Light {
public:
    // Its parameters and create() are in the .cpp file, with its registry entry.
    static const LightEntry registryEntry;
    PointLight(Vec3 position, Color intensity) : position_(position), intensity_(intensity) {}
    std::optional<LightSample> sample(Vec3 p, Vec2) const override {
        const Vec3 toLight = position_ - p;
        const float d2 = lengthSquared(toLight);
        if (d2 == 0)
            return std::nullopt;
        const float d = std::sqrt(d2);
        return LightSample{toLight / d, d, intensity_ / d2};
    }

    SamplingWeight samplingWeight() const override {
        return pointBounds(position_, 4 * std::numbers::pi_v<float> * strength(intensity_),
                           {0, 0, 1}, -1.0f);
    }

private:
    Vec3 position_;
    Color intensity_;
};

} // namespace lrt
