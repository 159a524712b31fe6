// "metal": a GGX conductor, f = Ks F(wo.h) D G / (4 cos_o cos_i) with Schlick's Fresnel from
// reflectance Color at normal incidence and GGX alpha = roughness, plus an optional perfect
// reflection Kr Color.
#pragma once

#include "renderer/materials/material.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/microfacet.h"

namespace lrt {

class Metal final : public Material {
public:
    // Its parameters and create() are in metal.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    Metal(float ks, float kr, float roughness) : ks_(ks), kr_(kr), lobe_(roughness) {}
    Color reflected(const ShadingPoint& point, Vec3 wi, Color E) const override;
    int specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const override;
    std::optional<BsdfSample> sampleBsdf(const ShadingPoint& point, Vec2 u,
                                         float uLobe) const override;
    float bsdfPdf(const ShadingPoint& point, Vec3 wi) const override;

private:
    // Probability of sampling the perfect reflection rather than the highlight.
    float mirrorShare() const { return kr_ + ks_ > 0 ? kr_ / (kr_ + ks_) : 0.0f; }

    float ks_, kr_;
    GgxLobe lobe_;
};

} // namespace lrt
