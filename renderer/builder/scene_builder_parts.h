// The scene builder's state while it builds one frame (private to renderer/builder/). Its work is
// split by concept: scene_builder.cpp builds the frame, its camera and its instances,
// light_building.cpp the lights, material_building.cpp the materials, shape_building.cpp the
// shapes and their vertex programs.
#pragma once

#include "renderer/builder/scene_builder.h"
#include "renderer/materials/shader_library.h"
#include "renderer/parser/scene_description.h"
#include "renderer/scene/scene.h"
#include "renderer/shapes/obj_material.h"
#include "renderer/shapes/shape_registry.h"
#include "renderer/vertex/vertex_program_binding.h"

#include <embree3/rtcore.h>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace lrt {

class SceneBuilder {
public:
    SceneBuilder(const FrameDescription& frame, RTCDevice device, const BuildOptions& options);
    std::unique_ptr<Scene> build();

private:
    // scene_builder.cpp
    void addInstance(const InstanceDescription& instance);
    std::filesystem::path sceneDirectory() const;
    // Runs `part` (making a light or a shape), keeping a SceneError's diagnostics for the end of
    // the build, once each (a broken Surface shared by many shapes is one error).
    void collecting(const std::function<void()>& part);
    // Throws the diagnostics kept so far, if any.
    void throwCollected();

    // light_building.cpp
    void makeLights();
    const std::vector<int>* lightList(const SurfaceAttributes& attributes);

    // material_building.cpp
    const Material* material(const SurfaceAttributes& attributes);
    // The shape statement at `where` read `m` from an OBJ file.
    const Material* objMaterial(const ObjMaterial& m, const SourceLocation& where);

    // shape_building.cpp
    void addShape(const ShapeDescription& d, EmbreeScene& target,
                  std::vector<Primitive>& primitives);
    void addPrimitive(std::unique_ptr<Shape> shape, const Material* material, Color color,
                      const ShapeDescription& d, EmbreeScene& target,
                      std::vector<Primitive>& primitives);
    const VertexProgramBinding* vertexProgram(const SurfaceAttributes& attributes);
    std::unique_ptr<Shape> meshShape(const ShapeDescription& d, MeshData mesh);

    const FrameDescription& frame_;
    RTCDevice device_;
    std::unique_ptr<Scene> scene_;
    ShaderLibrary shaders_;
    std::filesystem::path bundledVertexPrograms_;
    std::map<const SurfaceAttributes*, const Material*> materials_;
    std::map<const std::vector<int>*, const std::vector<int>*> lightLists_;
    std::map<const VertexProgramDescription*, VertexProgramBinding> bindings_;
    std::vector<Diagnostic> errors_;
    SourceLocation firstDroppedTriangle_; // the first shape that lost non-finite triangles
};

} // namespace lrt
