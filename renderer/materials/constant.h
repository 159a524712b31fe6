// "constant": the surface shows its colour, unlit (RenderMan's constant: Ci = Cs).
#pragma once

#include "renderer/materials/material.h"
#include "renderer/materials/material_registry.h"

namespace lrt {

class Constant final : public Material {
public:
    // Its parameters and create() are in constant.cpp, with its registry entry.
    static const MaterialEntry registryEntry;
    Color reflected(const ShadingPoint&, Vec3, Color) const override { return {}; }
    Color unlit(const ShadingPoint& point) const override { return point.color; }
};

} // namespace lrt
