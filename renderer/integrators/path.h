// The path integrator (docs/scene-format.md): unidirectional path tracing with next-event
// estimation from one light a light sampler picks (the light BVH by default; every light with
// "lightsampler" "all") and multiple importance sampling (power heuristic) against BSDF
// sampling, Russian roulette after three bounces, and at most `maxdepth` bounces (1 is direct light
// only). SL surfaces take their light samples through the program, then one cosine-sampled indirect
// direction with dE = Li / (pi pdf) (docs/shading.md).
#pragma once

#include "renderer/integrators/integrator.h"
#include "renderer/integrators/integrator_registry.h"

#include <string>

namespace lrt {

// How the path integrator samples direct light: light samples and BSDF samples combined by
// multiple importance sampling, or either alone (for comparisons).
enum class PathStrategy { Mis, Light, Bsdf };

class PathIntegrator final : public Integrator {
public:
    // Its parameters and create() are in path.cpp, with its registry entry.
    static const IntegratorEntry registryEntry;

    PathIntegrator(int maxDepth, PathStrategy strategy, const LightSamplerEntry& lightSampler)
        : maxDepth_(maxDepth), strategy_(strategy), lightSampler_(lightSampler) {}
    Color radiance(const Scene& scene, const Ray& ray, SampleContext& context) const override;
    const LightSamplerEntry& lightSampler() const override { return lightSampler_; }

private:
    // How the path arrived at the vertex being traced.
    struct Arrival {
        int bounce = 0;             // scattering events so far (0 for the camera ray)
        bool countsEmission = true; // false where next-event estimation already counted it
        bool delta = true;          // came by a delta lobe (or is the camera ray): no MIS
        float pdf = 0.0f;           // solid-angle density of the BSDF sample it came by
        LightSampleContext from;    // the previous vertex, as its light sampler saw it
        // The previous vertex's light sampler; null where every light was visited.
        const LightSampler* sampler = nullptr;
    };
    Color trace(const Scene& scene, const Ray& ray, SampleContext& context,
                const Arrival& arrival) const;
    Color emitted(const Scene& scene, const Intersection& hit, const ShadingPoint& point,
                  const Arrival& arrival) const;
    Color escaped(const Scene& scene, const Ray& ray, const Arrival& arrival) const;
    Color indirect(const Scene& scene, const Intersection& hit, const ShadingPoint& point,
                   SampleContext& context, const Arrival& arrival) const;

    // The weight of light found by a BSDF sample drawn with density bsdfPdf, which light sampling
    // would have found with density lightPdf.
    float bsdfHitWeight(float bsdfPdf, float lightPdf) const;

    int maxDepth_;
    PathStrategy strategy_;
    const LightSamplerEntry& lightSampler_;
};

} // namespace lrt
