// "glass": a smooth dielectric of index eta with exact (unpolarised) Fresnel reflectance F:
// reflection weighted Kr F, refraction Kt (1 - F) Color, total internal reflection where Snell
// allows no refraction. Radiance crossing into the denser medium is scaled by (eta_i / eta_t)^2,
// as in pbrt, so a closed object transmits the background unchanged but for Fresnel losses.
#pragma once

#include "renderer/materials/material.h"
#include "renderer/materials/material_registry.h"

namespace lrt {

class Glass final : public Material {
public:
    // Its parameters and create() are in glass.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    Glass(float eta, float kr, float kt) : eta_(eta), kr_(kr), kt_(kt) {}
    Color reflected(const ShadingPoint&, Vec3, Color) const override { return {}; }
    int specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const override;
    // Reflection with probability F, refraction otherwise, each weighted as specular() weights it
    // divided by its probability.
    std::optional<BsdfSample> sampleBsdf(const ShadingPoint& point, Vec2 u,
                                         float uLobe) const override;

private:
    float eta_, kr_, kt_;
};

} // namespace lrt
