// "matte": Lambertian reflection, BRDF Kd Color / pi; ambient Ka Color.
#pragma once

#include "renderer/materials/material.h"
#include "renderer/materials/material_registry.h"

namespace lrt {

class Matte final : public Material {
public:
    // Its parameters and create() are in matte.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    Matte(float kd, float ka) : kd_(kd), ka_(ka) {}
    Color reflected(const ShadingPoint& point, Vec3 wi, Color E) const override;
    std::optional<BsdfSample> sampleBsdf(const ShadingPoint& point, Vec2 u,
                                         float uLobe) const override;
    float bsdfPdf(const ShadingPoint& point, Vec3 wi) const override;
    Color albedo(const ShadingPoint& point) const override { return point.color * kd_; }
    Color ambient(const ShadingPoint& point, Color light) const override {
        return point.color * light * ka_;
    }

private:
    float kd_, ka_;
};

} // namespace lrt
