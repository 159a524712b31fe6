// The scene builder's state while it builds one frame (private to renderer/builder/). Its work is
// split by concept: scene_builder.cpp builds the frame, its camera and its instances,
// light_building.cpp the lights, material_building.cpp the materials, shape_building.cpp the
// shapes and their vertex programs.
#pragma once

#include "renderer/builder/build_cache.h"
#include "renderer/builder/phase_timer.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/description/file_material.h"
#include "renderer/description/scene_description.h"
#include "renderer/materials/material_registry.h"
#include "renderer/materials/shader_library.h"
#include "renderer/scene/scene.h"
#include "renderer/shapes/shape_registry.h"
#include "renderer/vertex/vertex_program_binding.h"

#include <embree3/rtcore.h>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace lrt {

class AreaLight;

// How a surface looks: the statement's Surface, Color, texture and Opacity, or what a mesh
// file's material maps to, and the radiance it emits (from a file's emissive material).
struct SurfaceLook {
    const Material* material = nullptr;
    Color color{1, 1, 1};
    const ColorTexture* texture = nullptr;
    Color opacity{1, 1, 1};
    Color emission;
    const ColorTexture* emissionTexture = nullptr; // multiplies emission
    const ColorTexture* normalMap = nullptr;
    float normalScale = 1;
    Cutout cutout;
};

class SceneBuilder {
public:
    SceneBuilder(const FrameDescription& frame, RTCDevice device, const BuildOptions& options);
    std::unique_ptr<Scene> build();

private:
    // scene_builder.cpp
    // The world's and the object definitions' BVHs (and the world's instances), reusing the last
    // build's where they match.
    void commitBvhs(BuildCache::Bvh& world, std::vector<BuildCache::Bvh>& objects);
    std::filesystem::path sceneDirectory() const;
    // The camera samples the frame's BVH is chosen for: pixels x samples per pixel.
    double cameraSamples() const;
    // Runs `part` (making a light or a shape), keeping a SceneError's diagnostics for the end of
    // the build, once each (a broken Surface shared by many shapes is one error).
    void collecting(const std::function<void()>& part);
    // Throws the diagnostics kept so far, if any.
    void throwCollected();
    // Records what the build approximated of a mesh file (Scene::substitutions), once each.
    void substitution(const SourceLocation& where, std::string message);

    // light_building.cpp
    void makeLights();
    // The lights a surface under `attributes` sees: the declared ones Illuminate leaves on (the
    // emitters of mesh files join every list when the shapes are done, completeLightLists).
    int lightList(const SurfaceAttributes& attributes); // its index in Scene::lightLists()
    // A new area light for a mesh file's emissive material, its radiance times `texture` (if
    // not null) at each point.
    AreaLight* emissiveLight(Color radiance, const ColorTexture* texture);
    void completeLightLists();
    void makeEmitters();

    // material_building.cpp
    const Material* material(const SurfaceAttributes& attributes);
    // What creating Surface `name` (written at `where`) needs, `textures` bound to its
    // parameters; the context refers to `textures`, which must outlive it.
    MaterialContext materialContext(std::string_view name, const SourceLocation& where,
                                    const ParameterTextures& textures);
    // What the material `m` of the mesh file that `d` names maps to (docs/import.md), made once
    // per material; what it cannot map is a substitution at `d`.
    SurfaceLook fileMaterialLook(const FileMaterial& m, const ShapeDescription& d);
    // `texture` times `factor` (itself when the factor is 1).
    const ColorTexture* scaledTexture(const ColorTexture* texture, Color factor);
    const ColorTexture* constantTexture(Color value);
    // The texture `d` describes, built once however many shapes share it.
    const ColorTexture* colorTexture(const TextureDescription& d);
    // The colour texture of a mesh file's image map; `encoding` and `channels` as imagemap's
    // ("auto" decodes 8-bit sRGB, "linear" leaves values as stored, as normal maps need;
    // "alpha" reads the image's alpha).
    const ColorTexture* imageTexture(const TextureMap& map, const SourceLocation& where,
                                     const char* encoding = "auto", const char* channels = "rgb");

    // shape_building.cpp
    // The statement's surfaces, taken over from the last build or made, placed as primitives in
    // `bvh` (which lists the statements its BVH is built over).
    void addShape(const ShapeDescription& d, std::vector<Primitive>& primitives,
                  BuildCache::Bvh& bvh);
    using Statement = BuildCache::Statement;
    // What decides what `d` makes in this frame (renderer/builder/shape_key.h).
    ShapeKey shapeKey(const ShapeDescription& d) const;
    // Reads, tessellates and runs through the vertex program what `d` describes, calling
    // `afterReading` once the shape has been read, before any vertex program runs.
    std::shared_ptr<const Statement> makeStatement(const ShapeDescription& d, ShapeKey key,
                                                   const std::function<void()>& afterReading);
    void addPrimitive(const BuildCache::Surface& surface, const SurfaceLook& look,
                      const ShapeDescription& d, std::vector<Primitive>& primitives);
    // The program bound for `attributes`, or null; the files it was read from are also the
    // statement's (`made`'s).
    const VertexProgramBinding* vertexProgram(const SurfaceAttributes& attributes, Statement& made);
    // A surface of `made` from `mesh`; its shape is null when every triangle was dropped.
    BuildCache::Surface meshShape(const ShapeDescription& d, MeshData mesh, Statement& made);
    // The BVH over `primitives` (and `instances`, for the world's, which is given them even when
    // there are none): the last build's when it was built over the same statements (and
    // instances) at the same quality and `reusable`, else attached and committed now. The
    // world's big meshes get BVHs of their own (BuildOptions::ownBvhTriangles).
    void commitBvh(BuildCache::Bvh& bvh, const std::vector<Primitive>& primitives,
                   const BuildCache::Bvh* last, bool reusable, BvhBuild build,
                   const std::vector<Scene::Instance>* instances = nullptr);
    unsigned attachMeshBvh(EmbreeScene& world, const std::shared_ptr<const Shape>& mesh,
                           const BuildCache::Bvh* last, BvhBuild build,
                           std::vector<BuildCache::MeshBvh>& meshes);
    void commitScene(EmbreeScene& scene, BvhBuild build);

    // Records a file the build reads (BuildOptions::onFileRead, Scene::files), and as one that
    // `statementFiles` (a shape statement's files, which the cache drops it for) read, if given.
    void noteFileRead(const std::filesystem::path& path,
                      std::vector<std::filesystem::path>* statementFiles = nullptr);
    // What Scene::files() lists: the frame's sources, what the build read, the images opened.
    std::vector<std::filesystem::path> sceneFiles() const;

    const FrameDescription& frame_;
    RTCDevice device_;
    const BuildOptions& options_;
    std::vector<std::filesystem::path> filesRead_;
    Scene::Parts parts_;
    slvm::jit::CompileStatistics compiled_;
    slvm::jit::ExecutionChoice execution_; // counts into compiled_
    PhaseTimer timer_{[this] { return compiled_.seconds(); }};
    ShaderLibrary shaders_;
    std::map<const SurfaceAttributes*, const Material*> materials_;
    std::map<const TextureDescription*, const ColorTexture*> colorTextures_;
    std::vector<std::shared_ptr<const TextureDescription>> fileTextures_; // mesh files' image maps
    std::map<const std::vector<int>*, int> lightLists_;
    std::map<const VertexProgramDescription*, VertexProgramBinding> bindings_;
    // The files each binding's program was read from: part of what each mesh under it read.
    std::map<const VertexProgramDescription*, std::vector<std::filesystem::path>> bindingFiles_;
    std::vector<std::shared_ptr<const Statement>> statements_; // this build's, for the cache
    std::vector<Diagnostic> errors_;
    SourceLocation firstDroppedTriangle_; // the first shape that lost non-finite triangles
};

} // namespace lrt
