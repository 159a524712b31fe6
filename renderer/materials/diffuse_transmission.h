// "diffusetransmission": a thin translucent sheet (paper, a leaf, a lamp shade) that scatters
// light diffusely to both sides: reflectance R / pi on the lit side and transmittance T / pi on
// the other, as pbrt-v4's diffusetransmission material. Color tints the reflectance only, so
// that a texture of pbrt-v4's reflectance leaves the transmittance alone.
#pragma once

#include "renderer/materials/bxdf_material.h"
#include "renderer/materials/material_registry.h"

namespace lrt {

class DiffuseTransmission final : public BxdfMaterial {
public:
    // Its parameters and create() are in diffuse_transmission.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    DiffuseTransmission(Color reflectance, Color transmittance, FloatInput scale)
        : reflectance_(reflectance), transmittance_(transmittance), scale_(scale) {}
    bool transmits() const override { return true; }
    bool usesTextureFootprint() const override { return scale_.usesFootprint(); }

protected:
    void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const override;

private:
    Color reflectance_, transmittance_;
    FloatInput scale_;
};

} // namespace lrt
