// "infinite": light of radiance intensity * lightcolor arriving from every direction, as from a
// sky at infinity; sampled uniformly over the sphere.
#pragma once

#include "renderer/lights/light.h"
#include "renderer/lights/light_registry.h"
#include "renderer/sampling/warp.h"

#include <numbers>

namespace lrt {

class InfiniteLight final : public Light {
public:
    // Its parameters and create() are in the .cpp file, with its registry entry.
    static const LightEntry registryEntry;
    explicit InfiniteLight(Color radiance) : radiance_(radiance) {}
    std::optional<LightSample> sample(Vec3, Vec2 u) const override {
        const float density = pdf({});
        return LightSample{uniformSphere(u), INFINITY, radiance_ / density, density};
    }
    bool isStratified() const override { return true; }
    bool isInfinite() const override { return true; }
    Color radiance(Vec3) const override { return radiance_; }
    float pdf(Vec3) const override { return 1.0f / (4 * std::numbers::pi_v<float>); }

    SamplingWeight samplingWeight() const override {
        return FacingIrradiance{std::numbers::pi_v<float> * strength(radiance_)};
    }

private:
    Color radiance_;
};

} // namespace lrt
