// What one build of a scene made that the next build of it can take over: each shape statement's
// surfaces (read, tessellated and run through its vertex program), the Embree BVHs over them, and
// the shader programs. A live preview keeps one across reloads and reports every file that
// changes; the next build makes again only what a changed file or a changed statement makes, and
// its image is the same bits as a build from nothing (docs/preview.md, "What a reload rebuilds").
#pragma once

#include "renderer/accel/embree_scene.h"
#include "renderer/builder/shape_key.h"
#include "renderer/description/file_material.h"
#include "renderer/description/scene_description.h"
#include "renderer/materials/program_cache.h"
#include "renderer/scene/scene.h"
#include "renderer/shapes/shape.h"

#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace lrt {

struct VertexProgramInputs; // renderer/vertex/vertex_stage.h

class BuildCache {
public:
    // `file` (absolute and lexically normal, as Scene::files() names it) changed: whatever was
    // made from it is made again by the next build. Callable from any thread.
    void invalidate(const std::filesystem::path& file);
    // Anything may have changed (a watcher that lost events, a reload the user asked for): the
    // next build makes everything. Callable from any thread.
    void invalidateAll();

    // What a build (renderer/builder/) takes over and keeps.

    // One surface of a shape statement, as the statement made it.
    struct Surface {
        std::shared_ptr<const Shape> shape;
        std::shared_ptr<const VertexProgramInputs> vertexInputs; // when kept for the debugger
        std::optional<std::size_t> material; // index into Statement::materials; none: Surface's
    };
    // What a shape statement made, and what it was made from.
    struct Statement {
        explicit Statement(ShapeKey key) : key(std::move(key)) {}
        ShapeKey key;
        std::vector<std::filesystem::path> files; // read while making it
        std::vector<Surface> surfaces;
        std::vector<FileMaterial> materials; // a mesh file's
        std::vector<std::string> notes;      // what a mesh file asked for that lrt leaves out
        std::vector<std::string> warnings;   // about the statement, without its location
        std::size_t droppedTriangles = 0;
        std::size_t programVertices = 0;
    };
    // A mesh of the world with a BVH of its own, instanced in the world's.
    struct MeshBvh {
        std::shared_ptr<const Shape> shape;
        std::shared_ptr<EmbreeScene> scene;
    };
    // A committed BVH and the statements it was built over, in order; the world's also has the
    // meshes with BVHs of their own (BuildOptions::ownBvhTriangles).
    struct Bvh {
        std::vector<std::shared_ptr<const Statement>> statements;
        std::shared_ptr<EmbreeScene> scene;
        std::vector<MeshBvh> meshes;
    };
    // The world's BVH: its statements, the instances in it and the object definitions' BVHs.
    struct World {
        Bvh root;
        std::vector<Scene::Instance> instances;
        std::vector<Bvh> objects;
        BvhBuild build = BvhBuild::Quality;
    };
    // The light samplers of the last build's scene, and what they are made from.
    struct Lights {
        std::string key; // LightSamplers::inputsKey
        std::shared_ptr<Scene::BuiltLightSamplers> samplers;
    };

    // As a build starts: drops whatever a file reported since the last build was read by.
    void applyChanges();
    // A statement the last build made under `key`, not yet taken by this build (two identical
    // statements make two shapes); null when there is none.
    std::shared_ptr<const Statement> take(const ShapeKey& key);
    // What a successful build made replaces what the last one did.
    void keep(std::vector<std::shared_ptr<const Statement>> statements, World world,
              std::optional<Lights> lights);
    // The last successful build's BVHs and light samplers, if any.
    const std::optional<World>& lastWorld() const { return world_; }
    const std::optional<Lights>& lastLights() const { return lights_; }
    // The shader programs, kept across builds by the shader library.
    ProgramCache& programs() { return programs_; }

private:
    // Indexes statements_ by key, none taken yet.
    void index();

    ProgramCache programs_;
    std::vector<std::shared_ptr<const Statement>> statements_;
    std::unordered_multimap<ShapeKey, std::size_t, ShapeKeyHash> byKey_; // -> index in statements_
    std::vector<bool> taken_;                                            // by this build
    std::optional<World> world_;
    std::optional<Lights> lights_;

    std::mutex changesMutex_; // the watcher reports from its own thread
    std::set<std::filesystem::path> changed_;
    bool everything_ = false;
};

// Whether two transforms are the same bits, forwards and backwards (-0 and 0 differ).
bool sameBits(const Transform& a, const Transform& b);

} // namespace lrt
