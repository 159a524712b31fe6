// The Whitted integrator (DESIGN.md §6): direct light from every light with shadow rays, perfect
// specular reflection and refraction, partial opacity, at most `maxdepth` surface hits per path.
#pragma once

#include "renderer/integrators/integrator.h"

namespace lrt {

class WhittedIntegrator final : public Integrator {
public:
    explicit WhittedIntegrator(int maxDepth) : maxDepth_(maxDepth) {}
    Color radiance(const Scene& scene, const Ray& ray, SampleContext& context) const override {
        return trace(scene, ray, context, 0);
    }

private:
    Color trace(const Scene& scene, const Ray& ray, SampleContext& context, int depth) const;
    Color directLight(const Scene& scene, const Intersection& hit, const ShadingPoint& point,
                      SampleContext& context) const;
    friend class WhittedShadingContext;
    // Fraction of light that passes from `origin` along `direction` for `distance`.
    Color transmittance(const Scene& scene, Vec3 origin, Vec3 direction, float distance,
                        RayCounters& counters) const;

    int maxDepth_;
};

// The shading frame of a hit seen along `ray`: normals turned to the viewer, the surface colour,
// and the texture footprint when the ray carries differentials.
ShadingPoint shadingPoint(const Intersection& hit, const Ray& ray);

// A ray origin just off the surface at p, on the side `direction` leaves towards.
Vec3 offsetOrigin(Vec3 p, Vec3 normal, Vec3 direction);

} // namespace lrt
