// Building a frame: the order in which its parts are created (camera, lights, then the shapes of
// each object definition and of the world, then instances) and the BVH commits.
#include "renderer/builder/scene_builder.h"

#include "renderer/accel/bvh_choice.h"
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/camera/camera_registry.h"
#include "renderer/integrators/integrator_registry.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {
// The shader search path: the scene's own, the caller's, the scene's folder, the bundled library.
std::vector<std::filesystem::path> shaderSearchPath(const FrameDescription& frame,
                                                    const BuildOptions& options,
                                                    const std::filesystem::path& sceneDirectory) {
    std::vector<std::filesystem::path> path(frame.options.shaderSearchPath.begin(),
                                            frame.options.shaderSearchPath.end());
    path.insert(path.end(), options.shaderPath.begin(), options.shaderPath.end());
    path.push_back(sceneDirectory);
    if (!options.bundledShaders.empty())
        path.push_back(options.bundledShaders);
    return path;
}
} // namespace

void SceneBuilder::collecting(const std::function<void()>& part) {
    try {
        part();
    } catch (const SceneError& e) {
        for (const Diagnostic& d : e.diagnostics()) {
            const bool known =
                std::any_of(errors_.begin(), errors_.end(), [&](const Diagnostic& k) {
                    return k.where.file == d.where.file && k.where.line == d.where.line &&
                           k.where.column == d.where.column && k.message == d.message;
                });
            if (!known)
                errors_.push_back(d);
        }
    }
}

void SceneBuilder::substitution(const SourceLocation& where, std::string message) {
    const bool known = std::any_of(
        parts_.substitutions.begin(), parts_.substitutions.end(), [&](const Diagnostic& d) {
            return d.where.file == where.file && d.where.line == where.line &&
                   d.where.column == where.column && d.message == message;
        });
    if (!known)
        parts_.substitutions.emplace_back(slvm::Severity::Warning, where, std::move(message));
}

void SceneBuilder::throwCollected() {
    if (!errors_.empty())
        throw SceneError(std::move(errors_));
}

SceneBuilder::SceneBuilder(const FrameDescription& frame, RTCDevice device,
                           const BuildOptions& options)
    : frame_(frame), device_(device),
      options_(options), execution_{slvm::jit::effectiveVm(options.vm), &compiled_},
      shaders_(
          shaderSearchPath(frame, options, sceneDirectory()),
          [this](const std::filesystem::path& path) { noteFileRead(path); }, execution_,
          options.cache ? &options.cache->programs() : nullptr) {}

// The whole frame's, whatever its crop or farm tile: every piece of a split frame builds the same
// BVH.
double SceneBuilder::cameraSamples() const {
    const FilmDescription& film = frame_.options.film;
    return static_cast<double>(film.xResolution) * film.yResolution *
           options_.samplesPerPixel.value_or(film.xSamples * film.ySamples);
}

std::vector<std::filesystem::path> SceneBuilder::sceneFiles() const {
    std::vector<std::filesystem::path> files = filesRead_;
    if (parts_.textures)
        for (const std::filesystem::path& image : parts_.textures->requestedFiles())
            files.push_back(std::filesystem::absolute(image).lexically_normal());
    std::sort(files.begin(), files.end());
    files.erase(std::unique(files.begin(), files.end()), files.end());
    return files;
}

void SceneBuilder::noteFileRead(const std::filesystem::path& path,
                                std::vector<std::filesystem::path>* statementFiles) {
    filesRead_.push_back(std::filesystem::absolute(path).lexically_normal());
    if (statementFiles)
        statementFiles->push_back(filesRead_.back());
    if (options_.onFileRead)
        options_.onFileRead(filesRead_.back());
}

std::filesystem::path SceneBuilder::sceneDirectory() const {
    return frame_.sceneDirectory.empty() ? "." : frame_.sceneDirectory;
}

// Every independent error of the frame is reported at once: each light and each shape that fails
// is left out and the build goes on, then throws them all. A failed light stops the build before
// the shapes, whose area lights index the list of lights. Geometry is attached to Embree only
// once every shape has been made, in the order of the primitives: geometry IDs index them.
std::unique_ptr<Scene> SceneBuilder::build() {
    BuildCache* const cache = options_.cache;
    if (cache)
        cache->applyChanges();
    // The files the frame was read from ("<command line>" and the like name no file).
    if (frame_.sources)
        for (const auto& source : *frame_.sources)
            if (!source->name().empty() && source->name().front() != '<')
                noteFileRead(source->name());
    const FrameOptions& options = frame_.options;
    parts_.film = options.film;
    parts_.filter = createFilter(options.film.filter);
    parts_.integrator = options.integrator;
    parts_.background = frame_.world.background;
    parts_.frame = frame_.number;
    collecting([&] {
        parts_.camera = createCamera(options.camera, options.film.xResolution,
                                     options.film.yResolution, options.film.pixelAspectRatio);
    });
    // The parser checked the integrator's parameters against its table; creating it checks what a
    // table cannot (a path's strategy), with the frame's other errors rather than at render time.
    // The scene keeps it for its renders, and makes the others they choose once each.
    parts_.integrators->make = [entity =
                                    options.integrator](const std::optional<std::string>& choice) {
        return std::shared_ptr<const Integrator>(createIntegrator(entity, choice));
    };
    collecting([&] {
        parts_.integrators->byChoice[options.integrator.name] = parts_.integrators->make({});
    });
    makeLights();
    throwCollected();

    SceneStatistics& statistics = parts_.statistics;
    const std::int64_t embreeBefore = options_.embreeBytes ? options_.embreeBytes() : 0;
    std::vector<BuildCache::Bvh> objects(frame_.world.objects.size());
    PhaseTimer::Phase geometry = timer_.enter(statistics.geometrySeconds);
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const ObjectDefinition& object = frame_.world.objects[i];
        std::vector<Primitive> primitives;
        for (const ShapeDescription& shape : object.shapes)
            collecting([&] {
                if (shape.attributes->areaLight >= 0)
                    throw SceneError(shape.where,
                                     fmt::format("area lights inside object definitions are not "
                                                 "supported (object '{}')",
                                                 object.name));
                addShape(shape, primitives, objects[i]);
            });
        parts_.prototypePrimitives.push_back(std::move(primitives));
    }
    BuildCache::Bvh world;
    for (const ShapeDescription& shape : frame_.world.shapes)
        collecting([&] { addShape(shape, parts_.rootPrimitives, world); });
    geometry.stop();
    throwCollected();
    commitBvhs(world, objects);
    if (options_.embreeBytes)
        statistics.bvhBytes = static_cast<std::size_t>(
            std::max<std::int64_t>(0, options_.embreeBytes() - embreeBefore));
    makeEmitters();
    if (const std::size_t dropped = statistics.droppedTriangles)
        parts_.warnings.emplace_back(
            slvm::Severity::Warning, firstDroppedTriangle_,
            fmt::format("{} triangle{} with a vertex that is not finite (or beyond {:g}) {} "
                        "dropped; this shape is the first",
                        dropped, dropped == 1 ? "" : "s", kMaxRayCoordinate,
                        dropped == 1 ? "was" : "were"));
    parts_.files = sceneFiles();
    statistics.vm = slvm::jit::vmName(execution_.vm);
    statistics.compiledPrograms = compiled_.programs();
    statistics.compileSeconds = compiled_.seconds();
    statistics.reuse.programsLoaded = shaders_.programsLoaded();
    statistics.reuse.programsReused = shaders_.programsReused();
    if (cache) {
        std::string lightsKey =
            LightSamplers::inputsKey(parts_.lights, parts_.emitters, parts_.lightLists);
        if (cache->lastLights() && cache->lastLights()->key == lightsKey) {
            parts_.lightSamplers = cache->lastLights()->samplers;
            statistics.reuse.lightSamplersReused = true;
        }
        cache->keep(std::move(statements_),
                    {std::move(world), parts_.instances, std::move(objects), statistics.bvh},
                    BuildCache::Lights{std::move(lightsKey), parts_.lightSamplers});
        cache->programs().retain(shaders_.used());
    }
    return std::make_unique<Scene>(std::move(parts_));
}

// Every shape is made before any BVH is built, so that "auto" weighs all of the triangles. The
// world's BVH is the last build's only when every object's is too: its instances point at them.
void SceneBuilder::commitBvhs(BuildCache::Bvh& world, std::vector<BuildCache::Bvh>& objects) {
    SceneStatistics& statistics = parts_.statistics;
    statistics.bvh = chooseBvhBuild(frame_.options.bvh, statistics.triangles, cameraSamples());
    const BuildCache::World* last =
        options_.cache && options_.cache->lastWorld() ? &*options_.cache->lastWorld() : nullptr;
    const bool sameBuild = last && last->build == statistics.bvh;
    bool objectsReused = sameBuild && last->objects.size() == objects.size();
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const BuildCache::Bvh* lastObject =
            last && i < last->objects.size() ? &last->objects[i] : nullptr;
        commitBvh(objects[i], parts_.prototypePrimitives[i], lastObject, sameBuild, statistics.bvh);
        objectsReused = objectsReused && objects[i].scene == lastObject->scene;
        parts_.prototypes.push_back(objects[i].scene);
    }
    completeLightLists();
    for (const InstanceDescription& instance : frame_.world.instances)
        parts_.instances.push_back({instance.object, instance.instanceToWorld});
    const std::vector<Scene::Instance>& instances = parts_.instances;
    statistics.instances = instances.size();
    const bool sameInstances =
        last && std::equal(instances.begin(), instances.end(), last->instances.begin(),
                           last->instances.end(), [](const auto& a, const auto& b) {
                               return a.prototype == b.prototype &&
                                      sameBits(a.instanceToWorld, b.instanceToWorld);
                           });
    commitBvh(world, parts_.rootPrimitives, last ? &last->root : nullptr,
              objectsReused && sameInstances, statistics.bvh, &instances);
    parts_.root = world.scene;
    for (const BuildCache::MeshBvh& mesh : world.meshes)
        parts_.meshBvhs.push_back(mesh.scene);
}

std::unique_ptr<Scene> buildScene(const FrameDescription& frame, RTCDevice device,
                                  const BuildOptions& options) {
    return SceneBuilder(frame, device, options).build();
}

} // namespace lrt
