// The Whitted integrator (docs/scene-format.md): direct light from every light with shadow rays
// (or from one light a light sampler picks, when "lightsampler" names one), perfect specular
// reflection and refraction, partial opacity, at most `maxdepth` surface hits per path.
#pragma once

#include "renderer/integrators/integrator.h"
#include "renderer/integrators/integrator_registry.h"

#include <string>

namespace lrt {

class WhittedIntegrator final : public Integrator {
public:
    // Its parameters and create() are in whitted.cpp, with its registry entry.
    static const IntegratorEntry registryEntry;

    WhittedIntegrator(int maxDepth, const LightSamplerEntry& lightSampler)
        : maxDepth_(maxDepth), lightSampler_(lightSampler) {}
    Color radiance(const Scene& scene, const Ray& ray, SampleContext& context) const override {
        return trace(scene, ray, context, 0);
    }
    const LightSamplerEntry& lightSampler() const override { return lightSampler_; }

private:
    // Radiance along `ray`, whose hit is at `depth` (the camera's is 0).
    Color trace(const Scene& scene, const Ray& ray, SampleContext& context, int depth) const;

    int maxDepth_;
    const LightSamplerEntry& lightSampler_;
};

} // namespace lrt
