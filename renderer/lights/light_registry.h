// Every light lrt can create, by name: the one place that maps LightSource and AreaLightSource
// names to classes. Each entry lives beside its class with its parameter table; the parser checks
// names against this table and the scene builder creates lights through it.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/transform.h"
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

struct LightEntry {
    std::string_view name; // "pointlight", "arealight"
    bool area;             // made by AreaLightSource (attached to the shapes that follow)
    ParameterTable parameters;
    std::unique_ptr<Light> (*create)(const Parameters& parameters, const LightContext& context);
};

std::span<const LightEntry* const> lightRegistry();
// The entry named `name` among LightSource's (area false) or AreaLightSource's lights, or null.
const LightEntry* findLight(std::string_view name, bool area);
std::vector<std::string_view> lightNames(bool area);

// intensity * lightcolor: what every light's two common parameters make.
Color lightPower(const Parameters& parameters);

} // namespace lrt
