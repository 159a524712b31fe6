// The renderable scene of one frame: shapes in Embree's BVH, materials, lights, camera, pixel
// filter and film settings, and the query that turns a ray into a shading-ready intersection.
// The scene builder (renderer/builder/) makes it from a frame description.
#pragma once

#include "renderer/accel/embree_scene.h"
#include "renderer/camera/camera.h"
#include "renderer/core/scene_entity.h"
#include "renderer/description/film_description.h"
#include "renderer/film/filter.h"
#include "renderer/lights/area_light.h"
#include "renderer/lights/emitter.h"
#include "renderer/lights/light.h"
#include "renderer/lightsamplers/light_samplers.h"
#include "renderer/materials/material.h"
#include "renderer/shapes/shape.h"
#include "renderer/textures/texture.h"
#include "renderer/textures/texture_system.h"
#include "slvm/common/diagnostic.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

struct VertexProgramInputs; // renderer/vertex/vertex_stage.h

// Where a surface is cut away, for rays of every kind (camera, bounce, shadow): pbrt-v4's alpha
// and glTF's alphaMode MASK.
struct Cutout {
    const ColorTexture* alpha = nullptr; // its red channel; null: nothing is cut away
    // glTF: the surface is cut away where alpha < cutoff. Negative: pbrt-v4's stochastic test,
    // where a hit of alpha a stays with probability a (by a hash of the ray and the hit), so that
    // 0 is a hole and 1 solid.
    float cutoff = -1;
};

// A shape with the attributes it was declared under.
struct Primitive {
    const Shape* shape = nullptr;
    const Material* material = nullptr;
    const AreaLight* areaLight = nullptr;
    Color color{1, 1, 1};
    const ColorTexture* colorTexture = nullptr; // multiplies color, when there is one
    const ColorTexture* normalMap = nullptr;    // a tangent-space normal map, when there is one
    float normalScale = 1;                      // of the normal map's x and y
    Color opacity{1, 1, 1};
    Cutout cutout;
    // The lights that illuminate it: which of Scene::lightLists() (indices into lights()).
    int lightList = 0;
    // For an area light's shape, its first emitter in Scene::emitters() (a mesh's triangle t is
    // emitter + t); -1 for shapes that do not emit.
    int emitter = -1;
    // For the pixel debugger: the shape's type and statement ("sphere at scene.lrt:12") and the
    // Surface it was declared under.
    std::string origin;
    std::string surface;
    // A mesh a vertex program deformed: what the program saw, when the scene was built for
    // debugging (BuildOptions::keepVertexInputs); else null.
    std::shared_ptr<const VertexProgramInputs> vertexInputs;
};

struct Intersection {
    float t = 0;
    const Primitive* primitive = nullptr;
    unsigned shapePrimitive = 0; // which of the shape's primitives (a mesh's triangle) was hit
    LocalGeometry local;         // object space; derivatives only where the surface reads them
    Transform objectToWorld;
    Vec3 p;             // world space
    Vec3 normal;        // unit geometric normal on the front side
    Vec3 shadingNormal; // unit
};

// What a build made, and what it took over from the build before it (a live preview's reload,
// BuildOptions::cache): shape statements, BVHs (the world's, each object definition's and each big
// mesh's), shader programs, and the light samplers.
struct BuildReuse {
    std::size_t statementsMade = 0, statementsReused = 0;
    std::size_t bvhsBuilt = 0, bvhsReused = 0;
    std::size_t programsLoaded = 0, programsReused = 0;
    bool lightSamplersReused = false; // the last build's, as its lights make the same
};

struct SceneStatistics {
    // Where the build's time went: reading mesh files, making shapes' geometry (triangle meshes,
    // vertex programs, Embree's buffers), and committing the BVHs; compiling programs is
    // compileSeconds.
    double readSeconds = 0;
    double geometrySeconds = 0;
    double bvhBuildSeconds = 0;
    BvhBuild bvh = BvhBuild::Quality; // the build chosen (Option "render" "bvh")
    std::size_t bvhBytes = 0;         // what Embree holds after the build: BVHs and buffers
    std::size_t triangles = 0;
    std::size_t quadrics = 0; // shapes other than triangle meshes
    std::size_t instances = 0;
    std::size_t geometryBytes = 0;    // lrt's own copies of shape data
    std::size_t programVertices = 0;  // vertices run through vertex programs
    std::size_t droppedTriangles = 0; // with a non-finite vertex (dropNonFiniteTriangles)
    std::string vm = "interpreter";   // what ran the programs: "jit" or "interpreter"
    std::size_t compiledPrograms = 0; // programs compiled to native code
    double compileSeconds = 0;        // the time compiling them took
    BuildReuse reuse;
};

// Embree's report of a hit, in the space of the shape that was hit: its point (from the ray, at
// `worldPoint`) and Embree's geometric normal (reported in the shape's scene space).
ShapeHit objectSpaceHit(const RayHit& hit, Vec3 worldPoint, const Transform& objectToWorld,
                        const Shape& shape);

class Integrator; // renderer/integrators/integrator.h, a layer above: made by the builder

class Scene {
public:
    Scene(const Scene&) = delete;
    Scene& operator=(const Scene&) = delete;

    // An instance of an object definition (ObjectInstance): which, and where.
    struct Instance {
        int prototype;
        Transform instanceToWorld;
    };
    // The light samplers built so far, by kind: a scene's own, or shared with the build before it
    // when its lights make the same samplers (LightSamplers::inputsKey, BuildCache).
    struct BuiltLightSamplers {
        std::mutex mutex;
        std::map<std::string_view, std::unique_ptr<const LightSamplers>> byKind;
    };

    // The integrators made so far, by choice (--integrator, or the scene's own), and how to make
    // another: the builder, which reaches the integrator registry, says.
    struct BuiltIntegrators {
        std::function<std::shared_ptr<const Integrator>(const std::optional<std::string>& choice)>
            make;
        std::mutex mutex;
        std::map<std::string, std::shared_ptr<const Integrator>> byChoice;
    };

    // What a scene is made of, as its builder (renderer/builder/) assembles it and hands it over
    // whole: the scene itself only answers queries about it.
    struct Parts {
        std::unique_ptr<Camera> camera;
        FilmDescription film;
        std::unique_ptr<Filter> filter;
        SceneEntity integrator;
        Color background;
        int frame = 0;
        bool hasTranslucency = false;
        bool hasCutouts = false;                          // some primitive has a Cutout
        std::vector<std::shared_ptr<const Shape>> shapes; // shared with later builds (BuildCache)
        std::vector<std::unique_ptr<Material>> materials;
        std::vector<std::unique_ptr<ColorTexture>> colorTextures;
        std::unique_ptr<TextureSystem> textures; // created when a shader binds an image
        std::vector<std::filesystem::path> files;
        std::vector<std::unique_ptr<Light>> lights;
        std::vector<const Light*> infiniteLights;
        std::vector<Emitter> emitters;
        std::vector<int> infiniteEmitters;
        std::vector<std::unique_ptr<std::vector<int>>> lightLists;
        std::vector<std::shared_ptr<EmbreeScene>> prototypes; // also shared with later builds
        std::vector<std::vector<Primitive>> prototypePrimitives;
        std::shared_ptr<EmbreeScene> root;
        // By geometry ID in root; instances of prototypes follow them. A big mesh's primitive is an
        // instance of a BVH of its own (meshBvhs), at its primitive's geometry ID.
        std::vector<Primitive> rootPrimitives;
        std::vector<std::shared_ptr<EmbreeScene>> meshBvhs;
        std::vector<slvm::Diagnostic> warnings;
        std::vector<slvm::Diagnostic> substitutions;
        std::vector<Instance> instances; // by geometry ID - rootPrimitives.size()
        SceneStatistics statistics;
        // Built on first use: which sampler a render uses is known only when it starts
        // (--integrator may change the scene's integrator), and a kind no render asks for costs
        // nothing. Shared with a later build of the same scene whose lights make the same samplers.
        std::shared_ptr<BuiltLightSamplers> lightSamplers = std::make_shared<BuiltLightSamplers>();
        std::unique_ptr<BuiltIntegrators> integrators = std::make_unique<BuiltIntegrators>();
    };
    explicit Scene(Parts parts) : parts_(std::move(parts)) {}

    // The closest hit the ray meets, passing through cut-away surfaces.
    std::optional<Intersection> intersect(const Ray& ray) const;
    // True when something opaque blocks the ray (cut-away surfaces do not); partial opacity is
    // handled by the integrator.
    bool occluded(const Ray& ray) const {
        return parts_.hasCutouts ? intersect(ray).has_value()
                                 : lrt::occluded(parts_.root->get(), ray, refusedRays_);
    }
    // Rays so far that Embree could not trace (not isTraceable), counted as misses.
    std::uint64_t refusedRays() const { return refusedRays_.load(); }

    const Camera& camera() const { return *parts_.camera; }
    const FilmDescription& film() const { return parts_.film; }
    const Filter& filter() const { return *parts_.filter; }
    // The integrator of `choice` (--integrator; none: the scene's SurfaceIntegrator), made once,
    // when the scene is built or by the first render or pixel request that asks for it, and
    // shared by every later one. Thread-safe.
    const Integrator& integratorFor(const std::optional<std::string>& choice) const;
    // The integrator the scene chooses (SurfaceIntegrator), as written.
    const SceneEntity& integrator() const { return parts_.integrator; }
    const std::vector<std::unique_ptr<Light>>& lights() const { return parts_.lights; }
    const std::vector<std::unique_ptr<Material>>& materials() const { return parts_.materials; }
    // Radiance of a ray that leaves the scene in `direction`: the infinite lights' if there are
    // any, else the background colour.
    Color escaped(Vec3 direction) const;
    const std::vector<const Light*>& infiniteLights() const { return parts_.infiniteLights; }
    // The lights cut into what light samplers pick (lights/emitter.h), and the distinct
    // lists of lights that surfaces see (Illuminate), which Primitive::lightList indexes.
    const std::vector<Emitter>& emitters() const { return parts_.emitters; }
    // The emitter of each of infiniteLights().
    const std::vector<int>& infiniteEmitters() const { return parts_.infiniteEmitters; }
    const std::vector<std::unique_ptr<std::vector<int>>>& lightLists() const {
        return parts_.lightLists;
    }
    // The light samplers of `kind` over these lights, built by the first render that asks for
    // them and shared by every later one (and by the preview's passes and pixel requests).
    // Thread-safe.
    const LightSamplers& lightSamplers(const LightSamplerEntry& kind) const;
    // The emitter a hit on an emitting primitive found.
    int emitterAt(const Intersection& hit) const;
    bool hasTranslucency() const { return parts_.hasTranslucency; }
    // Whether camera rays need differentials: some material or texture filters images over the
    // footprint.
    bool needsRayDifferentials() const;
    int frame() const { return parts_.frame; }
    const SceneStatistics& statistics() const { return parts_.statistics; }
    // The Embree scene itself, for tools that measure Embree alone on the same BVH.
    RTCScene embreeScene() const { return parts_.root->get(); }
    // Problems found while building that do not stop the render.
    const std::vector<slvm::Diagnostic>& warnings() const { return parts_.warnings; }
    // What the build approximated of the mesh files' materials (docs/import.md): warnings, or
    // errors under `lrt render --strict`.
    const std::vector<slvm::Diagnostic>& substitutions() const { return parts_.substitutions; }
    // Every file the frame was read and built from (the scene file and its includes, shaders and
    // what they include, vertex programs, cards, meshes, images), absolute, sorted, once each.
    const std::vector<std::filesystem::path>& files() const { return parts_.files; }
    // What went wrong in the materials' programs while rendering, summed, and their warnings.
    MaterialStatistics materialStatistics() const;
    std::vector<slvm::Diagnostic> materialWarnings() const;

private:
    // The intersection of an Embree hit of `ray`.
    Intersection resolve(const RayHit& hit, const Ray& ray) const;

    Parts parts_;
    // Counts only: a sum is the same whichever thread adds first, so renders stay deterministic.
    mutable std::atomic<std::uint64_t> refusedRays_{0};
};

} // namespace lrt
