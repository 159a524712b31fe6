// glTF 2.0's metallic-roughness BRDF (the specification's Appendix B) with its transmission and
// clearcoat extensions, as Blender's Principled BSDF renders the same values: a metal of F0 = base
// colour and a dielectric, mixed by metallic; the dielectric's transmitting share (transmission) a
// rough glass of index ior (DielectricBxdf) and the rest a GGX highlight of F0 = ((ior - 1) / (ior
// + 1))^2 over Burley's diffuse of the base colour, as Cycles' Principled BSDF has it (see docs/
// decisions.md for the choice). Both microfacet lobes use GGX with alpha = roughness^2 and
// height-correlated masking; Fresnel is Schlick's, as the specification writes it.
#pragma once

#include "renderer/materials/bxdf.h"
#include "renderer/materials/charlie_sheen.h"
#include "renderer/materials/dielectric_bxdf.h"
#include "renderer/materials/trowbridge_reitz.h"

namespace lrt {

struct MetallicRoughness {
    Color base{1, 1, 1};
    float metallic = 1;  // in [0, 1]
    float roughness = 1; // glTF's perceptual roughness in [0, 1]: GGX alpha is its square
    float ior = 1.5f;
    float transmission = 0; // in [0, 1]
    // KHR_materials_clearcoat: a GGX coat of index 1.5 and alpha = clearcoatRoughness^2 (as
    // glTF defines it), added on top with weight 0.25 clearcoat (as Blender's Principled BSDF,
    // whose clearcoat the exporter writes, adds it).
    float clearcoat = 0;
    float clearcoatRoughness = 0;
    // KHR_materials_specular: the dielectric's highlight has F0 = min(F0(ior) specularColor, 1)
    // specular and F90 = specular.
    float specular = 1;
    Color specularColor{1, 1, 1};
    // KHR_materials_sheen: a Charlie sheen lobe of this colour and roughness on top, the layers
    // under it scaled by 1 - max(sheenColor) E(cos theta) for the sheen's albedo E (the smaller
    // of wo's and wi's), as the extension defines it.
    Color sheenColor{};
    float sheenRoughness = 0;
};

class MetallicRoughnessBxdf final : public Bxdf {
public:
    explicit MetallicRoughnessBxdf(const MetallicRoughness& m);
    Color f(Vec3 wo, Vec3 wi, TransportMode mode) const override;
    std::optional<BxdfSample> sample(Vec3 wo, float uc, Vec2 u, TransportMode mode,
                                     SampleLobes lobes) const override;
    float pdf(Vec3 wo, Vec3 wi, TransportMode mode, SampleLobes lobes) const override;
    int deltaLobes(Vec3 wo, std::array<BxdfSample, 2>& lobes) const override;
    unsigned flags() const override;
    // The base colour for the dielectric's diffuse share, its F0 for the metal's.
    Color albedo() const override { return m_.base; }

private:
    // How often each lobe is sampled from wo (wo on the upper side), summing to 1.
    struct LobeShares {
        float specular, diffuse, glass, coat, sheen;
    };
    LobeShares shares(Vec3 wo) const;
    // The two microfacet reflections' Fresnel-weighted sum at wo.h.
    Color specularFresnel(float cosOH) const;
    Color reflection(Vec3 wo, Vec3 wi) const; // the non-delta reflection lobes, wo.z > 0
    // The coat's Fresnel-weighted strength at wo.h.
    float coatFresnel(float cosOH) const;
    // What the sheen leaves of the layers under it, for directions of these cosines.
    float underSheen(float cosO, float cosI) const;
    // The density of a microfacet reflection of `distribution` from o to i (both upper).
    static float reflectionPdf(const TrowbridgeReitz& distribution, Vec3 o, Vec3 i);

    MetallicRoughness m_;
    TrowbridgeReitz distribution_, coat_;
    CharlieSheen sheen_;
    float sheenStrength_; // max(sheenColor)
    DielectricBxdf glass_;
    Color dielectricF0_;
    float dielectricF90_;
    float metalWeight_, opaqueWeight_, glassWeight_;
};

} // namespace lrt
