// Every shape lrt can create, by name: the one place that maps a shape statement to the class that
// makes it. Each entry lives beside its class (Sphere::registryEntry, ...) with the table of its
// arguments and parameters; the parser checks statements against these tables and the scene
// builder creates shapes through them. Adding a shape means adding its class and one line here.
#pragma once

#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
#include "renderer/core/transform.h"
#include "renderer/shapes/mesh_data.h"
#include "renderer/shapes/obj_material.h"
#include "renderer/shapes/shape.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

namespace lrt {

// Where and how a shape is made: its placement and the attributes that shape it.
struct ShapeContext {
    Transform objectToScene;
    bool flipNormals = false;        // ReverseOrientation
    bool oneSided = false;           // Sides 1
    std::filesystem::path directory; // files are named relative to the statement's file
    SourceLocation where;            // the statement
};

// One surface a shape statement makes: a finished shape, or a mesh that the scene builder runs
// through the bound vertex program (if any) before it becomes a TriangleMesh. OBJ files make one
// per group and .mtl material, and name that material.
struct ShapeSurface {
    std::variant<std::unique_ptr<Shape>, MeshData> geometry;
    std::optional<std::size_t> objMaterial; // index into the OBJ file's materials
};

struct ShapeSurfaces {
    std::vector<ShapeSurface> surfaces;
    std::vector<ObjMaterial> objMaterials;
};

// The one surface a statement makes of a finished shape.
ShapeSurfaces singleSurface(std::unique_ptr<Shape> shape);

// `arguments` are the statement's positional numbers: Number arguments in order; IntegerArray
// arguments as the lengths of every array but the last, then every array's elements.
using CreateShape = ShapeSurfaces (*)(std::span<const double> arguments,
                                      const Parameters& parameters, const ShapeContext& context);

struct ShapeEntry {
    std::string_view name;      // "sphere", "trianglemesh"
    std::string_view statement; // the RIB statement ("Sphere"), or "" for Shape "name"
    std::span<const ArgumentSpec> arguments;
    ParameterTable parameters;
    CreateShape create;
};

const Registry<ShapeEntry>& shapeRegistry();
// The entry of a RIB shape statement ("Sphere"), or null.
const ShapeEntry* findShapeStatement(std::string_view statement);
// The names Shape "name" accepts, for messages.
std::vector<std::string_view> shapeTypeNames();
// How messages name a shape statement: Shape "obj", or sphere.
std::string shapeStatementName(const ShapeEntry& entry);

} // namespace lrt
