// The words a scene reader checks statements against: the names of what the renderer can create
// and, for each, the table of its arguments and parameters. A reader takes the vocabulary as an
// argument and never sees the classes behind it, so the readers sit below every concept they
// describe; each registry entry (renderer/shapes/shape_registry.h, ...) is its concept's syntax
// plus the function that creates it, and renderer/builder/registered_vocabulary.h gathers them.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lrt {

// A Surface, Projection or SurfaceIntegrator name and the parameters it takes.
struct EntitySyntax {
    std::string_view name;
    ParameterTable parameters;
};

// An input slot of a texture: a texture itself (the Texture statement binds a named texture or a
// constant to it), and the constant it holds when none is given.
struct TextureInput {
    std::string_view name; // "tex1", "amount"
    Color fallback;
    std::string_view meaning;
};

// A Texture type, its parameters and its input slots.
struct TextureSyntax {
    std::string_view name; // "checkerboard", "fbm"
    ParameterTable parameters;
    std::span<const TextureInput> inputs;
};

// A LightSource name (area false) or an AreaLightSource one (area true).
struct LightSyntax {
    std::string_view name; // "pointlight", "arealight"
    bool area;             // made by AreaLightSource (attached to the shapes that follow)
    ParameterTable parameters;
};

// A shape: Shape "name", or a RIB statement of its own (Sphere, PointsPolygons...) with positional
// arguments.
struct ShapeSyntax {
    std::string_view name;      // "sphere", "trianglemesh"
    std::string_view statement; // the RIB statement ("Sphere"), or "" for Shape "name"
    std::span<const ArgumentSpec> arguments;
    ParameterTable parameters;
};

// How messages name a shape statement: Shape "obj", or Sphere.
std::string shapeStatementName(const ShapeSyntax& shape);

class SceneVocabulary {
public:
    std::vector<const ShapeSyntax*> shapes;
    std::vector<const LightSyntax*> lights;
    std::vector<const EntitySyntax*> materials;   // the built-in Surfaces
    const EntitySyntax* mix = nullptr;            // Surface "mix", of two named surfaces
    std::vector<const TextureSyntax*> textures;   // Texture
    std::vector<const EntitySyntax*> projections; // Projection
    std::vector<const EntitySyntax*> integrators; // SurfaceIntegrator
    std::vector<std::string_view> filters;        // PixelFilter
    std::vector<std::string_view> samplers;       // Option "sampler" "type"
    // What a Surface that names an SL shader takes besides the shader's own parameters.
    ParameterTable shaderParameters;

    Registry<EntitySyntax> materialWords() const { return Registry<EntitySyntax>(materials); }
    Registry<EntitySyntax> projectionWords() const { return Registry<EntitySyntax>(projections); }
    Registry<EntitySyntax> integratorWords() const { return Registry<EntitySyntax>(integrators); }
    Registry<TextureSyntax> textureWords() const { return Registry<TextureSyntax>(textures); }

    // Shape "type", or null (also for a shape that has a statement of its own).
    const ShapeSyntax* shapeType(std::string_view type) const;
    // The shape of a RIB statement ("Sphere"), or null.
    const ShapeSyntax* shapeStatement(std::string_view statement) const;
    // The names Shape "name" accepts, for messages.
    std::vector<std::string_view> shapeTypeNames() const;
    // The light `name` among LightSource's (area false) or AreaLightSource's, or null.
    const LightSyntax* light(std::string_view name, bool area) const;
    std::vector<std::string_view> lightNames(bool area) const;
    // Every parameter table, for learning their types (Declarations).
    std::vector<ParameterTable> parameterTables() const;
};

} // namespace lrt
