// Building a frame: the order in which its parts are created (camera, lights, then the shapes of
// each object definition and of the world, then instances) and the BVH commits.
#include "renderer/builder/scene_builder.h"

#include "renderer/accel/bvh_choice.h"
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/camera/camera_registry.h"
#include "renderer/integrators/integrator_registry.h"

#include <algorithm>
#include <chrono>
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
        scene_->substitutions_.begin(), scene_->substitutions_.end(), [&](const Diagnostic& d) {
            return d.where.file == where.file && d.where.line == where.line &&
                   d.where.column == where.column && d.message == message;
        });
    if (!known)
        scene_->substitutions_.emplace_back(slvm::Severity::Warning, where, std::move(message));
}

void SceneBuilder::throwCollected() {
    if (!errors_.empty())
        throw SceneError(std::move(errors_));
}

SceneBuilder::SceneBuilder(const FrameDescription& frame, RTCDevice device,
                           const BuildOptions& options)
    : frame_(frame), device_(device),
      onFileRead_(options.onFileRead), execution_{slvm::jit::effectiveVm(options.vm), &compiled_},
      shaders_(
          shaderSearchPath(frame, options, sceneDirectory()),
          [this](const std::filesystem::path& path) { noteFileRead(path); }, execution_,
          options.cache ? &options.cache->programs_ : nullptr),
      bundledVertexPrograms_(options.bundledVertexPrograms),
      keepVertexInputs_(options.keepVertexInputs), samplesPerPixel_(options.samplesPerPixel),
      embreeBytes_(options.embreeBytes), cache_(options.cache), onProgress_(options.onProgress),
      ownBvhTriangles_(options.ownBvhTriangles) {}

// The whole frame's, whatever its crop or farm tile: every piece of a split frame builds the same
// BVH.
double SceneBuilder::cameraSamples() const {
    const FilmDescription& film = frame_.options.film;
    return static_cast<double>(film.xResolution) * film.yResolution *
           samplesPerPixel_.value_or(film.xSamples * film.ySamples);
}

std::vector<std::filesystem::path> SceneBuilder::sceneFiles() const {
    std::vector<std::filesystem::path> files = filesRead_;
    if (scene_->textures_)
        for (const std::filesystem::path& image : scene_->textures_->requestedFiles())
            files.push_back(std::filesystem::absolute(image).lexically_normal());
    std::sort(files.begin(), files.end());
    files.erase(std::unique(files.begin(), files.end()), files.end());
    return files;
}

void SceneBuilder::noteFileRead(const std::filesystem::path& path) {
    filesRead_.push_back(std::filesystem::absolute(path).lexically_normal());
    if (recording_)
        recording_->push_back(filesRead_.back());
    if (onFileRead_)
        onFileRead_(filesRead_.back());
}

std::filesystem::path SceneBuilder::sceneDirectory() const {
    return frame_.sceneDirectory.empty() ? "." : frame_.sceneDirectory;
}

// Every independent error of the frame is reported at once: each light and each shape that fails
// is left out and the build goes on, then throws them all. A failed light stops the build before
// the shapes, whose area lights index the list of lights. Geometry is attached to Embree only
// once every shape has been made, in the order of the primitives: geometry IDs index them.
std::unique_ptr<Scene> SceneBuilder::build() {
    if (cache_)
        cache_->applyChanges();
    // The files the frame was read from ("<command line>" and the like name no file).
    if (frame_.sources)
        for (const auto& source : *frame_.sources)
            if (!source->name().empty() && source->name().front() != '<')
                noteFileRead(source->name());
    scene_ = std::make_unique<Scene>();
    const FrameOptions& options = frame_.options;
    scene_->film_ = options.film;
    scene_->filter_ = createFilter(options.film.filter);
    scene_->integrator_ = options.integrator;
    scene_->background_ = frame_.world.background;
    scene_->frame_ = frame_.number;
    collecting([&] {
        scene_->camera_ = createCamera(options.camera, options.film.xResolution,
                                       options.film.yResolution, options.film.pixelAspectRatio);
    });
    // The parser checked the integrator's parameters against its table; creating it checks what a
    // table cannot (a path's strategy), with the frame's other errors rather than at render time.
    collecting([&] { createIntegrator(options.integrator); });
    makeLights();
    throwCollected();

    const auto start = std::chrono::steady_clock::now();
    const double compiledBefore = compiled_.seconds();
    const std::int64_t embreeBefore = embreeBytes_ ? embreeBytes_() : 0;
    std::vector<BuildCache::Bvh> objects(frame_.world.objects.size());
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
        scene_->prototypePrimitives_.push_back(std::move(primitives));
    }
    BuildCache::Bvh world;
    for (const ShapeDescription& shape : frame_.world.shapes)
        collecting([&] { addShape(shape, scene_->rootPrimitives_, world); });
    throwCollected();
    SceneStatistics& statistics = scene_->statistics_;
    statistics.geometrySeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() -
        statistics.readSeconds - (compiled_.seconds() - compiledBefore);
    commitBvhs(world, objects);
    if (embreeBytes_)
        statistics.bvhBytes =
            static_cast<std::size_t>(std::max<std::int64_t>(0, embreeBytes_() - embreeBefore));
    makeEmitters();
    if (const std::size_t dropped = scene_->statistics_.droppedTriangles)
        scene_->warnings_.emplace_back(
            slvm::Severity::Warning, firstDroppedTriangle_,
            fmt::format("{} triangle{} with a vertex that is not finite (or beyond {:g}) {} "
                        "dropped; this shape is the first",
                        dropped, dropped == 1 ? "" : "s", kMaxRayCoordinate,
                        dropped == 1 ? "was" : "were"));
    scene_->files_ = sceneFiles();
    scene_->statistics_.vm = slvm::jit::vmName(execution_.vm);
    scene_->statistics_.compiledPrograms = compiled_.programs();
    scene_->statistics_.compileSeconds = compiled_.seconds();
    scene_->statistics_.reuse.programsLoaded = shaders_.programsLoaded();
    scene_->statistics_.reuse.programsReused = shaders_.programsReused();
    if (cache_) {
        std::string lightsKey =
            LightSamplers::inputsKey(scene_->lights_, scene_->emitters_, scene_->lightLists_);
        if (cache_->lights_ && cache_->lights_->key == lightsKey) {
            scene_->lightSamplers_ = cache_->lights_->samplers;
            statistics.reuse.lightSamplersReused = true;
        }
        cache_->keep(std::move(statements_),
                     {std::move(world), scene_->instances_, std::move(objects), statistics.bvh},
                     BuildCache::Lights{std::move(lightsKey), scene_->lightSamplers_});
        cache_->programs_.retain(shaders_.used());
    }
    return std::move(scene_);
}

// Every shape is made before any BVH is built, so that "auto" weighs all of the triangles. The
// world's BVH is the last build's only when every object's is too: its instances point at them.
void SceneBuilder::commitBvhs(BuildCache::Bvh& world, std::vector<BuildCache::Bvh>& objects) {
    SceneStatistics& statistics = scene_->statistics_;
    statistics.bvh = chooseBvhBuild(frame_.options.bvh, statistics.triangles, cameraSamples());
    const std::optional<BuildCache::World>& last =
        cache_ ? cache_->world_ : std::optional<BuildCache::World>{};
    const bool sameBuild = last && last->build == statistics.bvh;
    bool objectsReused = sameBuild && last->objects.size() == objects.size();
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const BuildCache::Bvh* lastObject =
            last && i < last->objects.size() ? &last->objects[i] : nullptr;
        commitBvh(objects[i], scene_->prototypePrimitives_[i], lastObject, sameBuild,
                  statistics.bvh);
        objectsReused = objectsReused && objects[i].scene == lastObject->scene;
        scene_->prototypes_.push_back(objects[i].scene);
    }
    completeLightLists();
    for (const InstanceDescription& instance : frame_.world.instances)
        scene_->instances_.push_back({instance.object, instance.instanceToWorld});
    const std::vector<Scene::Instance>& instances = scene_->instances_;
    statistics.instances = instances.size();
    const bool sameInstances =
        last && std::equal(instances.begin(), instances.end(), last->instances.begin(),
                           last->instances.end(), [](const auto& a, const auto& b) {
                               return a.prototype == b.prototype &&
                                      sameBits(a.instanceToWorld, b.instanceToWorld);
                           });
    commitBvh(world, scene_->rootPrimitives_, last ? &last->root : nullptr,
              objectsReused && sameInstances, statistics.bvh, &instances);
    scene_->root_ = world.scene;
    for (const BuildCache::MeshBvh& mesh : world.meshes)
        scene_->meshBvhs_.push_back(mesh.scene);
}

unsigned SceneBuilder::attachInstance(EmbreeScene& world, const Scene::Instance& instance) {
    RTCGeometry geometry = rtcNewGeometry(device_, RTC_GEOMETRY_TYPE_INSTANCE);
    rtcSetGeometryInstancedScene(
        geometry, scene_->prototypes_[static_cast<std::size_t>(instance.prototype)]->get());
    float matrix[12]; // 3x4, column-major
    const Matrix4& m = instance.instanceToWorld.matrix();
    for (int column = 0; column < 4; ++column)
        for (int row = 0; row < 3; ++row)
            matrix[column * 3 + row] = m[row][column];
    rtcSetGeometryTransform(geometry, 0, RTC_FORMAT_FLOAT3X4_COLUMN_MAJOR, matrix);
    rtcCommitGeometry(geometry);
    return world.attach(geometry);
}

std::unique_ptr<Scene> buildScene(const FrameDescription& frame, RTCDevice device,
                                  const BuildOptions& options) {
    return SceneBuilder(frame, device, options).build();
}

} // namespace lrt
