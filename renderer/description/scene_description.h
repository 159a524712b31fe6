// What a scene says, as plain data, whichever reader wrote it (.lrt, pbrt-v4, glTF): the options
// of each frame and the world's shapes, lights and materials with the graphics state each was
// created under. Names and parameters are kept as written (checked against the scene
// vocabulary); the scene builder creates from them.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/scene_entity.h"
#include "renderer/core/transform.h"
#include "renderer/description/bvh_build.h"
#include "renderer/description/camera_description.h"
#include "renderer/description/film_description.h"
#include "renderer/description/mesh_file.h"
#include "renderer/description/shader_options.h"
#include "renderer/description/texture_description.h"
#include "renderer/description/vertex_program_description.h"
#include "slvm/common/source_text.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace lrt {

// Every file a scene was read from. Locations in its descriptions view these files' names, so a
// description keeps them alive.
using SceneSources = std::vector<std::unique_ptr<const slvm::SourceText>>;

// The options of one frame: everything before WorldBegin.
struct FrameOptions {
    CameraDescription camera;
    FilmDescription film;
    SceneEntity integrator{"whitted", {}, {}}; // SurfaceIntegrator
    std::vector<std::string> shaderSearchPath; // Option "searchpath" "shader", scene-relative
    ShaderOptions shaderOptions;               // Option "sl"
    BvhBuild bvh = BvhBuild::Auto;             // Option "render" "bvh"
};

// A texture standing for a float parameter: its channel `channel` (0 red, 1 green, 2 blue).
struct TexturedParameter {
    std::shared_ptr<const TextureDescription> texture;
    int channel = 0;
    SourceLocation where; // the binding, when a statement wrote one (else the Surface's)
};

// The material, lighting and vertex-program attributes in force when a shape was declared.
struct SurfaceAttributes {
    SceneEntity surface{"matte", {}, {}}; // Surface
    Color color{1, 1, 1};
    // Multiplies Color (or vertex colours) at each point; null for none.
    std::shared_ptr<const TextureDescription> colorTexture;
    // Textures standing for float parameters of the Surface, by parameter name (an importer's
    // float textures; a material refuses one for a parameter it cannot texture).
    std::map<std::string, TexturedParameter, std::less<>> parameterTextures;
    // The two surfaces a "mix" Surface chooses between at each point (their Surface, Color, colour
    // texture and textured parameters count; the rest is this one's). Empty for other surfaces.
    std::vector<std::shared_ptr<const SurfaceAttributes>> mixed;
    // A tangent-space normal map for the shading normal (as importers describe one); null for none.
    std::shared_ptr<const TextureDescription> normalMap;
    Color opacity{1, 1, 1};
    // Where the surface is cut away (rays pass through it): the red channel of `alpha`, below
    // `alphaCutoff`, or (a negative cutoff) by pbrt-v4's stochastic test (renderer/scene/scene.h,
    // Cutout). Null for a solid surface.
    std::shared_ptr<const TextureDescription> alpha;
    float alphaCutoff = -1;
    int sides = 2;
    bool reverseOrientation = false;
    int areaLight = -1; // index into WorldDescription::lights, or -1
    std::shared_ptr<const std::vector<int>>
        disabledLights; // turned off by Illuminate (all on by default)
    std::string identifier;
    std::shared_ptr<const VertexProgramDescription> vertexProgram; // null when none is bound
};

struct ShapeDescription {
    std::string type; // a registered shape: "sphere", "trianglemesh", "polygon", "obj", ...
    // Positional numbers, as ShapeEntry::create takes them (shapes/shape_registry.h).
    std::vector<double> arguments;
    ParameterList parameters;
    Transform objectToWorld; // for shapes in an object definition: object to the definition's space
    std::shared_ptr<const SurfaceAttributes> attributes;
    std::string baseDirectory; // for relative file names
    SourceLocation where;
    // A mesh file the scene's reader has read already (ShapeContext::meshFile); null otherwise.
    std::shared_ptr<const MeshFileContents> meshFile = nullptr;
};

struct LightDescription {
    std::string type; // a registered light: "pointlight", ..., "arealight"
    ParameterList parameters;
    Transform lightToWorld;
    SourceLocation where;
};

struct ObjectDefinition {
    std::string name;
    std::vector<ShapeDescription> shapes;
    SourceLocation where;
};

struct InstanceDescription {
    int object = 0; // index into WorldDescription::objects
    Transform instanceToWorld;
    SourceLocation where;
};

struct WorldDescription {
    std::vector<ShapeDescription> shapes;
    std::vector<LightDescription> lights;
    std::vector<ObjectDefinition> objects;
    std::vector<InstanceDescription> instances;
    Color background;
};

struct FrameDescription {
    int number = 0;
    bool numbered = false; // declared by FrameBegin (else the scene is a single, unnumbered frame)
    FrameOptions options;
    WorldDescription world;
    std::string sceneDirectory;
    std::shared_ptr<const SceneSources> sources;
    // What an importer (pbrt-v4, glTF) substituted or left out; `lrt render --strict` makes them
    // errors. Empty for .lrt scenes.
    std::vector<Diagnostic> warnings;
};

} // namespace lrt
