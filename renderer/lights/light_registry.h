// Every light lrt can create, by name: the one place that maps LightSource and AreaLightSource
// names to classes. Each entry lives beside its class with its parameter table; the parser checks
// names against this table and the scene builder creates lights through it.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
#include "renderer/core/transform.h"
#include "renderer/description/scene_vocabulary.h"
#include "renderer/lights/light.h"

#include <filesystem>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace lrt {

// Where a light is made.
struct LightContext {
    Transform lightToWorld;          // the current transform at the statement
    std::filesystem::path directory; // image files are named relative to the scene's folder
    SourceLocation where;            // the statement
};

// A light's syntax (name, LightSource or AreaLightSource, parameters) and how to make it.
struct LightEntry : LightSyntax {
    std::unique_ptr<Light> (*create)(const Parameters& parameters, const LightContext& context);
};

const Registry<LightEntry>& lightRegistry();

// The two parameters every light takes: intensity scales lightcolor, which is radiant intensity,
// irradiance or radiance as `meaning` says; lightPower is their product.
constexpr ParameterSpec kIntensityParameter{
    "intensity", ValueKind::Float, 1.0f, {}, "scales lightcolor"};
constexpr ParameterSpec lightColorParameter(std::string_view meaning) {
    return {"lightcolor", ValueKind::Rgb, Color{1, 1, 1}, {}, meaning};
}
Color lightPower(const Parameters& parameters);

// "from" and "to" of a light that points (spot, distant), which must differ; SceneError naming
// `light` when they do not.
struct Aim {
    Vec3 from, to;
};
Aim lightAim(const Parameters& parameters, const LightContext& context, std::string_view light);

} // namespace lrt
