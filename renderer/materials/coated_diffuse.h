// "coateddiffuse": a Lambertian base under a dielectric coat (smooth or rough, of index eta),
// the light between them followed by random walks (layered_bxdf.h), as pbrt-v4's coateddiffuse:
// the coat's reflection, and the base's colour darkened and saturated by the light the coat
// reflects back down, as varnished wood or paint shows.
#pragma once

#include "renderer/materials/bxdf_material.h"
#include "renderer/materials/layered_bxdf.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/trowbridge_reitz.h"

namespace lrt {

class CoatedDiffuse final : public BxdfMaterial {
public:
    // Its parameters and create() are in coated_diffuse.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    CoatedDiffuse(Color reflectance, float eta, TrowbridgeReitz coat, const LayerSlab& slab)
        : reflectance_(reflectance), eta_(eta), coat_(coat), slab_(slab) {}
    bool readsTangents() const override { return coat_.alphaX() != coat_.alphaY(); }

protected:
    void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const override;

private:
    Color reflectance_;
    float eta_;
    TrowbridgeReitz coat_;
    LayerSlab slab_;
};

} // namespace lrt
