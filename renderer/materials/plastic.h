// "plastic": Lambertian diffuse plus a Blinn-Phong highlight of colour specularcolor:
// f = Kd Color / pi + Ks specularcolor (S + 8) / (8 pi) (N.H)^S, S = 8 / roughness.
#pragma once

#include "renderer/materials/material.h"

namespace lrt {

class Plastic final : public Material {
public:
    Plastic(float kd, float ks, float ka, float roughness, Color specularColor)
        : kd_(kd), ks_(ks), ka_(ka), exponent_(8.0f / roughness), specularColor_(specularColor) {}
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

    float kd_, ks_, ka_, exponent_;
    Color specularColor_;
};

} // namespace lrt
