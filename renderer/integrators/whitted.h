// The Whitted integrator (DESIGN.md §6): direct light from every light with shadow rays, perfect
// specular reflection and refraction, partial opacity, at most `maxdepth` surface hits per path.
#pragma once

#include "renderer/integrators/integrator.h"
#include "renderer/integrators/surface_interaction.h"

namespace lrt {

class WhittedIntegrator final : public Integrator {
public:
    explicit WhittedIntegrator(int maxDepth) : maxDepth_(maxDepth) {}
    Color radiance(const Scene& scene, const Ray& ray, SampleContext& context) const override {
        return trace(scene, ray, context, 0);
    }

private:
    Color trace(const Scene& scene, const Ray& ray, SampleContext& context, int depth) const;
    friend class WhittedShadingContext;

    int maxDepth_;
};

} // namespace lrt
