// "mirror": perfect specular reflection weighted by Kr Color.
#pragma once

#include "renderer/materials/material.h"
#include "renderer/materials/material_registry.h"

namespace lrt {

// wo mirrored about n (both unit, wo towards the viewer).
inline Vec3 reflect(Vec3 wo, Vec3 n) {
    return n * (2 * dot(wo, n)) - wo;
}

class Mirror final : public Material {
public:
    // Its parameters and create() are in mirror.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    explicit Mirror(float kr) : kr_(kr) {}
    Color reflected(const ShadingPoint&, Vec3, Color) const override { return {}; }
    int specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const override {
        rays[0] = {reflect(point.wo, point.shadingNormal), point.color * kr_, false};
        return 1;
    }
    std::optional<BsdfSample> sampleBsdf(const ShadingPoint& point, Vec2, float) const override {
        return BsdfSample{reflect(point.wo, point.shadingNormal), point.color * kr_, 0.0f, true};
    }

private:
    float kr_;
};

} // namespace lrt
