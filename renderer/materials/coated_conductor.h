// "coatedconductor": a conductor (complex index, or pbrt-v4's reflectance form, times Color)
// under a dielectric coat, each with its own roughness, the light between them followed by
// random walks (layered_bxdf.h), as pbrt-v4's coatedconductor: car paint's clear coat over
// metal flakes, or lacquered brass.
#pragma once

#include "renderer/materials/bxdf_material.h"
#include "renderer/materials/coating.h"
#include "renderer/materials/layered_bxdf.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/roughness.h"

#include <optional>

namespace lrt {

class CoatedConductor final : public BxdfMaterial {
public:
    // Its parameters and create() are in coated_conductor.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    struct Layers {
        float interfaceEta;
        Roughness interface, conductor;
        Color conductorEta, conductorK;
        std::optional<Color> reflectance; // replaces eta and k, times Color
        Slab slab;
    };
    explicit CoatedConductor(const Layers& layers) : layers_(layers) {}
    bool readsTangents() const override {
        return layers_.interface.anisotropic() || layers_.conductor.anisotropic();
    }
    bool usesTextureFootprint() const override {
        return layers_.interface.usesFootprint() || layers_.conductor.usesFootprint() ||
               layers_.slab.usesFootprint();
    }

protected:
    void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const override;

private:
    Layers layers_;
};

} // namespace lrt
