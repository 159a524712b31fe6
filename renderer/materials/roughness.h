// The roughness parameters every rough built-in surface shares ("roughness", "uroughness",
// "vroughness": GGX alphas, as plastic's and metal's "roughness" is, each constant or textured),
// and the distribution they make at a point. pbrt-v4's remapped roughness r is alpha = sqrt(r);
// its importer converts.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/materials/float_input.h"
#include "renderer/materials/trowbridge_reitz.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>

namespace lrt {

// pbrt-v4's switch between its roughness values and GGX alphas, one per material.
inline constexpr ParameterSpec kRemapRoughness{
    "remaproughness", ValueKind::Integer, 0, kInteger.atLeast(0).atMost(1),
    "1: the roughness values (constant or textured) are pbrt-v4's, alpha = sqrt(value)"};

inline constexpr std::array<ParameterSpec, 4> kRoughnessParameters{{
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
    kRemapRoughness,
}};

// A material's own parameters followed by the roughness parameters: one table.
template <std::size_t N>
constexpr auto withRoughness(const std::array<ParameterSpec, N>& own) {
    return joinTables(own, kRoughnessParameters);
}

// The alphas along dp/du and dp/dv.
struct Roughness {
    FloatInput u, v;
    bool remap = false; // u and v are pbrt-v4's roughness values: alpha = sqrt(value)
    TrowbridgeReitz at(const ShadingPoint& point) const {
        const auto alpha = [&](float value) { return remap ? std::sqrt(value) : value; };
        return {alpha(u.at(point)), alpha(v.at(point))};
    }
    // Whether the distribution may differ along u and v (and shading must read the tangents).
    bool anisotropic() const { return !(u == v); }
    bool usesFootprint() const { return u.usesFootprint() || v.usesFootprint(); }
};

// The roughness of "roughness", "uroughness" and "vroughness", each name after `prefix`
// ("interface." and "conductor." for the coated conductor's two).
inline Roughness roughnessOf(const Parameters& p, ParameterTextureBindings& textures,
                             std::string_view prefix = "") {
    const auto name = [&](const char* n) { return std::string(prefix) + n; };
    const auto alongAxis = [&](const char* n) {
        return textures.floatInput(
            p, p.has(name(n)) || textures.binds(name(n)) ? name(n) : name("roughness"));
    };
    return {alongAxis("uroughness"), alongAxis("vroughness"), p.getInteger("remaproughness") == 1};
}

} // namespace lrt
