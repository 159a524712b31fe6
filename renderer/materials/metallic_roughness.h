// "metallicroughness": glTF 2.0's metallic-roughness material (metallic_roughness_bxdf.h) with
// the base colour from Color, as glTF files and Blender's exports describe surfaces.
#pragma once

#include "renderer/materials/bxdf_material.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/metallic_roughness_bxdf.h"

namespace lrt {

class MetallicRoughnessMaterial final : public BxdfMaterial {
public:
    // Its parameters and create() are in metallic_roughness.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    // The factors a texture may stand for.
    struct Inputs {
        FloatInput metallic, roughness, transmission, clearcoat, clearcoatRoughness, specular,
            sheenRoughness;
        ColorInput specularColor, sheenColor;
        bool usesFootprint() const;
    };
    MetallicRoughnessMaterial(const MetallicRoughness& m, const Inputs& inputs)
        : m_(m), inputs_(inputs) {}
    bool transmits() const override {
        return (inputs_.transmission.isTextured() || m_.transmission > 0) &&
               (inputs_.metallic.isTextured() || m_.metallic < 1);
    }
    bool usesTextureFootprint() const override { return inputs_.usesFootprint(); }

protected:
    void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const override;

private:
    MetallicRoughness m_; // its base colour multiplies the point's Color
    Inputs inputs_;
};

} // namespace lrt
