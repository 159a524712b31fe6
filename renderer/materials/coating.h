// The parameters pbrt-v4's coated materials share: the slab between the coat and the base (its
// thickness, the albedo and asymmetry g of a medium in it; thickness and g may be textured) and
// the random walk's bounds (maxdepth scattering events, nsamples walks per evaluation), making a
// LayerSlab at each point.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/materials/float_input.h"
#include "renderer/materials/layered_bxdf.h"

#include <array>

namespace lrt {

inline constexpr std::array<ParameterSpec, 5> kSlabParameters{{
    {"thickness", ValueKind::Float, 0.01f, kReal.above(0),
     "thickness of the slab between coat and base (its medium has unit extinction)"},
    {"albedo", ValueKind::Rgb, Color(0), kReal.atLeast(0).atMost(1),
     "single-scattering albedo of the slab's medium; 0 is none"},
    {"g", ValueKind::Float, 0.0f, kReal.above(-1).below(1),
     "Henyey-Greenstein asymmetry of the slab's medium"},
    {"maxdepth", ValueKind::Integer, 10, kInteger.atLeast(1).atMost(1000),
     "scattering events of one random walk through the layers"},
    {"nsamples", ValueKind::Integer, 1, kInteger.atLeast(1).atMost(1000),
     "random walks per evaluation"},
}};

struct Slab {
    FloatInput thickness;
    Color albedo;
    FloatInput g;
    int maxDepth, samples;
    LayerSlab at(const ShadingPoint& point) const {
        return {thickness.at(point), albedo, g.at(point), maxDepth, samples};
    }
    bool usesFootprint() const { return thickness.usesFootprint() || g.usesFootprint(); }
};

inline Slab slabOf(const Parameters& p, ParameterTextureBindings& textures) {
    return {textures.floatInput(p, "thickness"), p.getColor("albedo"), textures.floatInput(p, "g"),
            p.getInteger("maxdepth"), p.getInteger("nsamples")};
}

} // namespace lrt
