// "conductor": a metal of complex index eta + i k per channel (copper by default), or of a given
// normal-incidence "reflectance" times Color (pbrt-v4's reflectance form: eta 1 and the k that
// gives it), smooth or rough with anisotropic GGX, as pbrt-v4's conductor material.
#pragma once

#include "renderer/materials/bxdf_material.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/roughness.h"

#include <optional>

namespace lrt {

class Parameters;

// pbrt-v4's two ways to give a conductor: the reflectance form when "reflectance" is given (and
// then neither etaName nor kName may be), else nullopt for eta and k. Throws SceneError at
// "reflectance" when both are given.
std::optional<Color> conductorReflectance(const Parameters& p, std::string_view etaName,
                                          std::string_view kName);

class Conductor final : public BxdfMaterial {
public:
    // Its parameters and create() are in conductor.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    // A conductor of index eta + i k.
    Conductor(Roughness roughness, Color eta, Color k) : roughness_(roughness), eta_(eta), k_(k) {}
    // One of reflectance `reflectance` times the point's Color.
    Conductor(Roughness roughness, Color reflectance)
        : roughness_(roughness), reflectance_(reflectance) {}
    bool readsTangents() const override { return roughness_.anisotropic(); }
    bool usesTextureFootprint() const override { return roughness_.usesFootprint(); }

protected:
    void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const override;

private:
    Roughness roughness_;
    Color eta_, k_;
    std::optional<Color> reflectance_;
};

} // namespace lrt
