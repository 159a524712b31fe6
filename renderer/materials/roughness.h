// The roughness parameters every rough built-in surface shares ("roughness", "uroughness",
// "vroughness": GGX alphas, as plastic's and metal's "roughness" is), and the distribution they
// make. pbrt-v4's remapped roughness r is alpha = sqrt(r); its importer converts.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/materials/trowbridge_reitz.h"

#include <array>
#include <cstddef>

namespace lrt {

inline constexpr std::array<ParameterSpec, 3> kRoughnessParameters{{
    {"roughness", ValueKind::Float, 0.0f, kReal.atLeast(0),
     "GGX alpha; below 0.001 the surface is smooth"},
    {"uroughness",
     ValueKind::Float,
     {},
     kReal.atLeast(0),
     "GGX alpha along dp/du (anisotropic), \"roughness\" when not given"},
    {"vroughness",
     ValueKind::Float,
     {},
     kReal.atLeast(0),
     "GGX alpha along dp/dv, \"roughness\" when not given"},
}};

// A material's own parameters followed by the roughness parameters: one table.
template <std::size_t N>
constexpr std::array<ParameterSpec, N + 3> withRoughness(const std::array<ParameterSpec, N>& own) {
    std::array<ParameterSpec, N + 3> table{};
    for (std::size_t i = 0; i < N; ++i)
        table[i] = own[i];
    for (std::size_t i = 0; i < 3; ++i)
        table[N + i] = kRoughnessParameters[i];
    return table;
}

inline TrowbridgeReitz roughnessOf(const Parameters& p) {
    const float alpha = p.getFloat("roughness");
    return {p.has("uroughness") ? p.getFloat("uroughness") : alpha,
            p.has("vroughness") ? p.getFloat("vroughness") : alpha};
}

} // namespace lrt
