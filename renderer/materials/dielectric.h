// "dielectric": a boundary between the outside (index 1) and an inside of index eta, smooth or
// rough (GGX, Walter et al. 2007), reflecting and refracting as pbrt-v4's dielectric material.
// Unlike "glass" it has no Kr, Kt or Color: it is what pbrt-v4 and Cycles render as glass.
#pragma once

#include "renderer/materials/bxdf_material.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/roughness.h"

namespace lrt {

class Dielectric final : public BxdfMaterial {
public:
    // Its parameters and create() are in dielectric.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    Dielectric(float eta, Roughness roughness) : eta_(eta), roughness_(roughness) {}
    bool transmits() const override { return true; }
    bool readsTangents() const override { return roughness_.anisotropic(); }
    bool usesTextureFootprint() const override { return roughness_.usesFootprint(); }

protected:
    void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const override;

private:
    float eta_;
    Roughness roughness_;
};

} // namespace lrt
