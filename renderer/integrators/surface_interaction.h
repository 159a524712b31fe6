// Shared by the integrators: the shading frame of a hit, ray offsets, shadow rays and direct
// lighting with the light convention of docs/shading.md.
#pragma once

#include "renderer/integrators/integrator.h"
#include "renderer/materials/material.h"
#include "renderer/sampling/power_heuristic.h"

namespace lrt {

// The shading frame of a hit seen along `ray`: normals turned to the viewer, the surface colour,
// and the texture footprint when the ray carries differentials.
ShadingPoint shadingPoint(const Intersection& hit, const Ray& ray);

// Fraction of light that passes from `origin` along `direction` for `distance`: 0 or 1 through
// opaque scenes, tinted by (1 - opacity) of each partially transparent surface crossed.
Color transmittance(const Scene& scene, Vec3 origin, Vec3 direction, float distance,
                    RayCounters& counters);

// Radiance at a hit of partially transparent `primitive` seen along `ray`: the surface's own L in
// proportion to its opacity, over what lies behind it in proportion to the rest (Whitted's rule).
// The see-through ray counts as one more surface hit in both integrators, so a stack of
// translucent layers is bounded by maxdepth like any other path: `behind` traces it one level
// deeper, or returns black when maxdepth is spent.
Color overWhatLiesBehind(Color L, const Primitive& primitive, const ShadingPoint& point,
                         const Ray& ray, FunctionRef<Color(const Ray&)> behind);

// Records the camera ray's first hit in context.firstHit (albedo, normal, distance).
void recordFirstHit(SampleContext& context, const Intersection& hit, const ShadingPoint& point);

// Which light samples directLighting takes, and how it weights them.
enum class LightSampling {
    All,        // every light, weight 1 (Whitted; SL surfaces)
    AllWithMis, // every light; non-delta lights weighted against BSDF sampling (power heuristic)
    DeltaLightsOnly, // point, spot and distant lights only: BSDF sampling finds the others
};

// Where a light sampler is asked for light at `point` of a surface of `material`: its shading
// normal, or none for a program, whose response to the light's direction is its own.
inline LightSampleContext lightSampleContext(const ShadingPoint& point, const Material& material) {
    // Programs and transmitting surfaces may scatter light from any side.
    return {point.p,
            material.isProgrammable() || material.transmits() ? Vec3{} : point.shadingNormal};
}

// Light reflected at `point` from one sample of every light that reaches it, or, where the
// render has a light sampler, from one light it picks, divided by the probability of the pick
// (area and infinite lights stratified over the pixel's samples), with shadow rays; programmable
// materials see shadowed samples too. Ambient lights are always added.
Color directLighting(const Scene& scene, const Intersection& hit, const ShadingPoint& point,
                     SampleContext& context, LightSampling sampling);

} // namespace lrt
