// The roughness parameters every rough built-in surface shares ("roughness", "uroughness",
// "vroughness": GGX alphas, as plastic's and metal's "roughness" is), and the distribution they
// make. pbrt-v4's remapped roughness r is alpha = sqrt(r); its importer converts.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/materials/trowbridge_reitz.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

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
constexpr auto withRoughness(const std::array<ParameterSpec, N>& own) {
    return joinTables(own, kRoughnessParameters);
}

// The distribution of "roughness", "uroughness" and "vroughness", each name after `prefix`
// ("interface." and "conductor." for the coated conductor's two).
inline TrowbridgeReitz roughnessOf(const Parameters& p, std::string_view prefix = "") {
    const auto name = [&](const char* n) { return std::string(prefix) + n; };
    const float alpha = p.getFloat(name("roughness"));
    return {p.has(name("uroughness")) ? p.getFloat(name("uroughness")) : alpha,
            p.has(name("vroughness")) ? p.getFloat(name("vroughness")) : alpha};
}

} // namespace lrt
