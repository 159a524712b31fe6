// "coateddiffuse": a Lambertian base under a dielectric coat (smooth or rough, of index eta),
// the light between them followed by random walks (layered_bxdf.h), as pbrt-v4's coateddiffuse:
// the coat's reflection, and the base's colour darkened and saturated by the light the coat
// reflects back down, as varnished wood or paint shows.
#pragma once

#include "renderer/materials/bxdf_material.h"
#include "renderer/materials/coating.h"
#include "renderer/materials/layered_bxdf.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/roughness.h"

namespace lrt {

class CoatedDiffuse final : public BxdfMaterial {
public:
    // Its parameters and create() are in coated_diffuse.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    CoatedDiffuse(Color reflectance, float eta, Roughness coat, const Slab& slab)
        : reflectance_(reflectance), eta_(eta), coat_(coat), slab_(slab) {}
    bool readsTangents() const override { return coat_.anisotropic(); }
    bool usesTextureFootprint() const override {
        return coat_.usesFootprint() || slab_.usesFootprint();
    }

protected:
    void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const override;

private:
    Color reflectance_;
    float eta_;
    Roughness coat_;
    Slab slab_;
};

} // namespace lrt
