// pbrt-v4's "mix" material: at each shading point one of two materials, the second with
// probability amount (a constant or a float texture), chosen by a hash of the point and the
// direction to the viewer, so that a mix is one material, not an average of two: every question
// shading asks of the point gets the same one's answer, and an image is the same on every run.
// Each component keeps its own Color and colour texture.
#pragma once

#include "renderer/materials/float_input.h"
#include "renderer/materials/material.h"
#include "renderer/materials/material_registry.h"

#include <array>
#include <memory>

namespace lrt {

class MixMaterial final : public Material {
public:
    struct Component {
        const Material* material = nullptr;
        Color color{1, 1, 1};
        const ColorTexture* texture = nullptr; // multiplies color; null for none
    };
    MixMaterial(const std::array<Component, 2>& components, FloatInput amount)
        : components_(components), amount_(amount) {}
    // Its syntax: "amount", in [0, 1], default 0.5; it may be textured. A scene names the two
    // components otherwise (the .lrt's "surfaces", pbrt-v4's "materials").
    static const EntitySyntax syntax;
    // Surface "mix" of `components` with `parameters`. Throws SceneError for a bad parameter.
    static std::unique_ptr<Material> create(const ParameterList& parameters,
                                            MaterialContext& context,
                                            const std::array<Component, 2>& components);

    Color reflected(const ShadingPoint& point, Vec3 wi, Color E) const override;
    Color ambient(const ShadingPoint& point, Color ambient) const override;
    Color unlit(const ShadingPoint& point) const override;
    int specular(const ShadingPoint& point, std::array<SpecularRay, 2>& rays) const override;
    Color albedo(const ShadingPoint& point) const override;
    bool isProgrammable() const override { return either(&Material::isProgrammable); }
    bool usesTextureFootprint() const override;
    bool transmits() const override { return either(&Material::transmits); }
    bool readsTangents() const override { return either(&Material::readsTangents); }
    MaterialStatistics statistics() const override;
    std::vector<slvm::Diagnostic> warnings() const override;
    std::optional<BsdfSample> sampleBsdf(const ShadingPoint& point, Vec2 u,
                                         float uLobe) const override;
    float bsdfPdf(const ShadingPoint& point, Vec3 wi) const override;

    // Which component shades `point`: 0 or 1.
    int chosen(const ShadingPoint& point) const;

private:
    bool either(bool (Material::*property)() const) const {
        return (components_[0].material->*property)() || (components_[1].material->*property)();
    }
    // The chosen component, and the point as it sees it (with its own colour).
    const Material& at(const ShadingPoint& point, ShadingPoint& seen) const;

    std::array<Component, 2> components_;
    FloatInput amount_;
};

} // namespace lrt
