// "distantlight": parallel light travelling from "from" towards "to", with irradiance
// intensity * lightcolor on a surface facing it.
#pragma once

#include "renderer/lights/light.h"
#include "renderer/lights/light_registry.h"

#include <cmath>

namespace lrt {

class DistantLight final : public Light {
public:
    // Its parameters and create() are in the .cpp file, with its registry entry.
    static const LightEntry registryEntry;
    DistantLight(Vec3 towardsLight, Color irradiance)
        : towardsLight_(normalize(towardsLight)), irradiance_(irradiance) {}
    std::optional<LightSample> sample(Vec3, Vec2) const override {
        return LightSample{towardsLight_, INFINITY, irradiance_};
    }

    SamplingWeight samplingWeight() const override {
        return FacingIrradiance{strength(irradiance_)};
    }

private:
    Vec3 towardsLight_;
    Color irradiance_;
};

} // namespace lrt
