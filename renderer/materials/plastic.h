// "plastic": Lambertian diffuse under a smooth-dielectric GGX coat (pbrt's plastic):
// f = Kd Color / pi + Ks specularcolor F(wo.h) D G / (4 cos_o cos_i), GGX alpha = roughness,
// F the Fresnel reflectance of an eta 1.5 interface.
#pragma once

#include "renderer/materials/material.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/microfacet.h"

namespace lrt {

class Plastic final : public Material {
public:
    // Its parameters and create() are in plastic.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    Plastic(float kd, float ks, float ka, float roughness, Color specularColor)
        : kd_(kd), ks_(ks), ka_(ka), coat_(roughness), specularColor_(specularColor) {}
    Color reflected(const ShadingPoint& point, Vec3 wi, Color E) const override;
    std::optional<BsdfSample> sampleBsdf(const ShadingPoint& point, Vec2 u,
                                         float uLobe) const override;
    float bsdfPdf(const ShadingPoint& point, Vec3 wi) const override;
    Color albedo(const ShadingPoint& point) const override {
        return point.color * kd_ + specularColor_ * ks_;
    }
    Color ambient(const ShadingPoint& point, Color light) const override {
        return point.color * light * ka_;
    }

private:
    // Probability of sampling the diffuse lobe rather than the highlight.
    float diffuseShare(const ShadingPoint& point) const;

    float kd_, ks_, ka_;
    GgxLobe coat_;
    Color specularColor_;
};

} // namespace lrt
