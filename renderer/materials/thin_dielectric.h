// "thindielectric": a thin sheet of index eta (a window pane), which mirrors light or passes it
// straight through with every internal reflection summed, as pbrt-v4's thindielectric material.
#pragma once

#include "renderer/materials/bxdf_material.h"
#include "renderer/materials/material_registry.h"

namespace lrt {

class ThinDielectric final : public BxdfMaterial {
public:
    // Its parameters and create() are in thin_dielectric.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    explicit ThinDielectric(float eta) : eta_(eta) {}
    bool transmits() const override { return true; }

protected:
    void withBxdf(const ShadingPoint& point, FunctionRef<void(const Bxdf&)> use) const override;

private:
    float eta_;
};

} // namespace lrt
