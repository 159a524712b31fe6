// What a parsed .lrt file says, as plain data: the options of each frame and the world's shapes,
// lights and materials with the graphics state each was created under. Building renderable
// objects from it is the scene builder's job.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/transform.h"
#include "renderer/scene/parameter_list.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

struct CameraDescription {
    std::string projection = "perspective";
    ParameterList parameters; // "fov"
    SourceLocation where;
    std::optional<std::array<float, 4>> screenWindow; // left right bottom top
    std::optional<float> frameAspectRatio;
    float nearClip = 1e-3f;
    float farClip = 1e30f;
    float fStop = 0.0f; // DepthOfField: 0 is a pinhole
    float focalLength = 0.0f;
    float focalDistance = 1.0f;
    Transform worldToCamera;
};

struct FilmDescription {
    int xResolution = 640;
    int yResolution = 480;
    float pixelAspectRatio = 1.0f;
    std::array<float, 4> cropWindow{0, 1, 0, 1}; // x0 x1 y0 y1 in NDC
    std::string filter = "gaussian";
    float filterWidth[2] = {2.0f, 2.0f};
    int xSamples = 2;
    int ySamples = 2;
    bool jitter = true;
    bool lowDiscrepancy = false; // Option "sampler" "string type" "lowdiscrepancy"
    float gain = 1.0f;
    std::optional<float> gamma;
    std::string displayName; // from Display, used when no -o is given
};

// How the path integrator samples direct light: light samples and BSDF samples combined by
// multiple importance sampling, or either alone (for comparisons).
enum class PathStrategy { Mis, Light, Bsdf };

struct RenderOptions {
    CameraDescription camera;
    FilmDescription film;
    std::string integrator = "whitted";
    int maxDepth = 5;
    PathStrategy pathStrategy = PathStrategy::Mis;
    std::vector<std::string> shaderSearchPath;
    int slTraceDepth = 5;           // nested SL traces allowed (Option "sl" "tracedepth")
    std::uint64_t slBudget = 65536; // instructions per SL invocation (Option "sl" "budget")
};

// A VertexProgram statement: the program file (relative to `directory`) and its bindings
// ("c[N]" constants, tracked matrices, frame register), checked when the scene is built.
struct VertexProgramDescription {
    std::string file;
    ParameterList parameters;
    std::string directory;
    SourceLocation where;
};

// The material, lighting and vertex-program attributes in force when a shape was declared.
struct SurfaceAttributes {
    std::string surface = "matte";
    ParameterList surfaceParameters;
    SourceLocation surfaceWhere;
    Color color{1, 1, 1};
    Color opacity{1, 1, 1};
    int sides = 2;
    bool reverseOrientation = false;
    int areaLight = -1; // index into WorldDescription::lights, or -1
    std::shared_ptr<const std::vector<int>>
        disabledLights; // turned off by Illuminate (all on by default)
    std::string identifier;
    std::shared_ptr<const VertexProgramDescription> vertexProgram; // null when none is bound
};

struct ShapeDescription {
    std::string type; // "sphere", "trianglemesh", "polygon", "obj", ...
    std::vector<double> arguments;
    ParameterList parameters;
    Transform objectToWorld; // for shapes in an object definition: object to the definition's space
    std::shared_ptr<const SurfaceAttributes> attributes;
    std::string baseDirectory; // for relative file names
    SourceLocation where;
};

struct LightDescription {
    std::string type; // "pointlight", "spotlight", "distantlight", "ambientlight", "arealight"
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
    RenderOptions options;
    WorldDescription world;
    std::string sceneDirectory;
};

} // namespace lrt
