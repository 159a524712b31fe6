// Shapes: each statement's surfaces, made through the shape registry (or taken over from the last
// build, BuildCache), meshes run through the bound vertex program, each surface placed as a
// Primitive; then the BVHs over them, a big mesh in a BVH of its own.
#include "compiler/driver/program_loader.h"
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/shapes/triangle_mesh.h"
#include "renderer/vertex/vertex_stage.h"
#include "slvm/common/execution.h"

#include <array>
#include <chrono>
#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

void SceneBuilder::addShape(const ShapeDescription& d, std::vector<Primitive>& primitives,
                            BuildCache::Bvh& bvh) {
    const SurfaceAttributes& a = *d.attributes;
    std::shared_ptr<const Statement> made;
    if (cache_)
        made = cache_->take(d, statementContext());
    // After the shape is read, so that a shape's own error is not hidden behind its Surface's,
    // and before its vertex program runs, whose errors come after the Surface's.
    std::optional<SurfaceLook> statementLook;
    const auto lookUp = [&] {
        statementLook = SurfaceLook{
            material(a), a.color, a.colorTexture ? colorTexture(*a.colorTexture) : nullptr,
            a.opacity,   {},      a.normalMap ? colorTexture(*a.normalMap) : nullptr,
            1.0f};
    };
    if (made) {
        ++scene_->statistics_.reuse.statementsReused;
        for (const std::filesystem::path& file : made->files)
            noteFileRead(file);
        lookUp();
    } else {
        made = makeStatement(d, lookUp);
        ++scene_->statistics_.reuse.statementsMade;
    }
    std::vector<SurfaceLook> fileLooks;
    for (const FileMaterial& m : made->materials)
        fileLooks.push_back(fileMaterialLook(m, d));
    for (const std::string& note : made->notes)
        substitution(d.where, note);
    for (const std::string& warning : made->warnings)
        scene_->warnings_.emplace_back(slvm::Severity::Warning, d.where, warning);
    if (made->droppedTriangles > 0 && scene_->statistics_.droppedTriangles == 0)
        firstDroppedTriangle_ = d.where;
    scene_->statistics_.droppedTriangles += made->droppedTriangles;
    scene_->statistics_.programVertices += made->programVertices;
    for (const BuildCache::Surface& surface : made->surfaces)
        addPrimitive(surface, surface.material ? fileLooks[*surface.material] : *statementLook, d,
                     primitives);
    bvh.statements.push_back(made);
    statements_.push_back(std::move(made));
}

BuildCache::StatementContext SceneBuilder::statementContext() const {
    return {frame_.options.camera.worldToCamera, frame_.number, keepVertexInputs_};
}

std::shared_ptr<const SceneBuilder::Statement>
SceneBuilder::makeStatement(const ShapeDescription& d, const std::function<void()>& afterReading) {
    const SurfaceAttributes& a = *d.attributes;
    const ShapeEntry* entry = shapeRegistry().find(d.type);
    if (!entry)
        throw std::logic_error(fmt::format("shape '{}' is not registered", d.type));
    auto made = std::make_shared<Statement>();
    if (cache_) // what a later build compares its statement with (an inline mesh's numbers too)
        made->description = d;
    made->context = statementContext();
    recording_ = &made->files;
    // Whatever leaves this function, the files are no longer this statement's.
    const std::unique_ptr<void, std::function<void(void*)>> stopRecording(
        this, [this](void*) { recording_ = nullptr; });
    // "reading NAME" for the file the shape reads now, as it reads it.
    std::string phase;
    const auto reading = [&](double fraction) {
        if (onProgress_ && !phase.empty())
            onProgress_(phase, fraction);
    };
    const ShapeContext context{d.objectToWorld,
                               a.reverseOrientation,
                               a.sides == 1,
                               d.baseDirectory,
                               d.where,
                               d.meshFile,
                               [&](const std::filesystem::path& path) {
                                   noteFileRead(path);
                                   phase = "reading " + path.filename().string();
                                   reading(0);
                               },
                               execution_,
                               reading};
    // Reading: what the shape's own making takes (mesh files), less any program it compiles.
    const auto readingStart = std::chrono::steady_clock::now();
    const double compiledBefore = compiled_.seconds();
    ShapeSurfaces surfaces = entry->create(
        d.arguments,
        Parameters(d.parameters, entry->parameters, shapeStatementName(*entry), d.where), context);
    scene_->statistics_.readSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - readingStart).count() -
        (compiled_.seconds() - compiledBefore);
    recording_ = nullptr; // the Surface's files are not the shape's
    afterReading();
    recording_ = &made->files;
    made->materials = std::move(surfaces.materials);
    made->notes = std::move(surfaces.notes);
    for (ShapeSurface& surfaceMade : surfaces.surfaces) {
        BuildCache::Surface surface;
        if (auto* mesh = std::get_if<MeshData>(&surfaceMade.geometry)) {
            surface = meshShape(d, std::move(*mesh), *made);
        } else {
            std::unique_ptr<Shape> shape =
                std::move(std::get<std::unique_ptr<Shape>>(surfaceMade.geometry));
            // Under a vertex program, other shapes are deformed as meshes at the binding's rate.
            if (const VertexProgramBinding* binding = vertexProgram(a)) {
                auto mesh = shape->tessellate(binding->tessellation[0], binding->tessellation[1]);
                if (!mesh)
                    throw SceneError(d.where, fmt::format("vertex programs apply to meshes and to "
                                                          "shapes that tessellate; {} does not",
                                                          shapeStatementName(*entry)));
                surface = meshShape(d, std::move(*mesh), *made);
            } else {
                surface.shape = std::move(shape);
            }
        }
        if (!surface.shape)
            continue; // every triangle was dropped
        surface.material = surfaceMade.material;
        made->surfaces.push_back(std::move(surface));
    }
    return made;
}

void SceneBuilder::addPrimitive(const BuildCache::Surface& surface, const SurfaceLook& look,
                                const ShapeDescription& d, std::vector<Primitive>& primitives) {
    const Shape* shape = surface.shape.get();
    const SurfaceAttributes& a = *d.attributes;
    // A file's emissive material makes its surface an area light, unless the statement's own
    // AreaLightSource does; not inside an object definition, where area lights cannot be.
    const bool inObject = &primitives != &scene_->rootPrimitives_;
    const bool fileEmits = !look.emission.isBlack() && a.areaLight < 0 && !inObject;
    if (!look.emission.isBlack() && inObject)
        substitution(d.where, "an emissive material inside an object definition does not emit "
                              "(area lights cannot be instanced)");
    // Light sampling picks points on the emitter's surface: it must be able to. Checked before the
    // primitive is placed, so that a refused shape leaves the BVH and the primitives in step.
    if ((a.areaLight >= 0 || fileEmits) && !shape->samplesArea())
        throw SceneError(d.where, fmt::format("an area light needs shapes it can sample points on, "
                                              "and a {} cannot be sampled",
                                              d.type));
    Primitive primitive;
    primitive.shape = shape;
    primitive.material = look.material;
    primitive.color = look.color;
    primitive.colorTexture = look.texture;
    primitive.normalMap = look.normalMap;
    primitive.normalScale = look.normalScale;
    primitive.opacity = look.opacity;
    primitive.lightList = lightList(a);
    primitive.origin = fmt::format("{} at {}:{}", d.type, d.where.file, d.where.line);
    primitive.surface = a.surface.name;
    primitive.vertexInputs = surface.vertexInputs;
    AreaLight* light = nullptr;
    if (a.areaLight >= 0)
        light =
            static_cast<AreaLight*>(scene_->lights_[static_cast<std::size_t>(a.areaLight)].get());
    else if (fileEmits)
        light = emissiveLight(look.emission);
    if (light) {
        light->addShape(shape);
        primitive.areaLight = light;
    }
    if (primitive.opacity != Color{1, 1, 1})
        scene_->hasTranslucency_ = true;
    if (shape->asTriangleMesh())
        scene_->statistics_.triangles += shape->primitiveCount();
    else
        ++scene_->statistics_.quadrics;
    scene_->statistics_.geometryBytes += shape->memoryBytes();
    primitives.push_back(primitive);
    scene_->shapes_.push_back(surface.shape);
}

void SceneBuilder::commitBvh(BuildCache::Bvh& bvh, const std::vector<Primitive>& primitives,
                             const BuildCache::Bvh* last, bool reusable, BvhBuild build,
                             const std::vector<Scene::Instance>* instances) {
    if (reusable && last && last->statements == bvh.statements) {
        bvh.scene = last->scene;
        bvh.meshes = last->meshes;
        scene_->statistics_.reuse.bvhsReused += 1 + bvh.meshes.size();
        return;
    }
    const auto attaching = std::chrono::steady_clock::now();
    bvh.scene = std::make_shared<EmbreeScene>(device_);
    // Geometry IDs index the primitives, then the instances.
    unsigned expected = 0;
    const auto check = [&](unsigned id) {
        if (id != expected++)
            throw std::logic_error("Embree assigned geometry IDs out of order");
    };
    // The statements' surfaces are the primitives, in order.
    for (const std::shared_ptr<const Statement>& statement : bvh.statements)
        for (const BuildCache::Surface& surface : statement->surfaces) {
            const bool apart = instances && surface.shape->asTriangleMesh() &&
                               surface.shape->primitiveCount() >= ownBvhTriangles_;
            check(apart ? attachMeshBvh(*bvh.scene, surface.shape, last, build, bvh.meshes)
                        : bvh.scene->attach(surface.shape->createGeometry(device_)));
        }
    if (expected != primitives.size())
        throw std::logic_error("the statements' surfaces are not the primitives");
    if (instances)
        for (const Scene::Instance& instance : *instances)
            check(attachInstance(*bvh.scene, instance));
    const auto committing = std::chrono::steady_clock::now();
    commitScene(*bvh.scene, build);
    SceneStatistics& statistics = scene_->statistics_;
    statistics.geometrySeconds += std::chrono::duration<double>(committing - attaching).count();
    statistics.bvhBuildSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - committing).count();
    ++statistics.reuse.bvhsBuilt;
}

// The mesh's own BVH, instanced in the world's: the last build's when its world had it at the
// same quality; else built now (its commit counted as BVH time, not as the world's geometry).
unsigned SceneBuilder::attachMeshBvh(EmbreeScene& world, const std::shared_ptr<const Shape>& mesh,
                                     const BuildCache::Bvh* last, BvhBuild build,
                                     std::vector<BuildCache::MeshBvh>& meshes) {
    const BuildCache::World* lastWorld = cache_ && cache_->world_ ? &*cache_->world_ : nullptr;
    const BuildCache::MeshBvh* kept = nullptr;
    if (last && lastWorld && lastWorld->build == build)
        for (const BuildCache::MeshBvh& m : last->meshes)
            if (m.shape == mesh)
                kept = &m;
    if (kept) {
        meshes.push_back(*kept);
        ++scene_->statistics_.reuse.bvhsReused;
    } else {
        auto scene = std::make_shared<EmbreeScene>(device_);
        scene->attach(mesh->createGeometry(device_));
        const auto committing = std::chrono::steady_clock::now();
        commitScene(*scene, build);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - committing).count();
        scene_->statistics_.bvhBuildSeconds += seconds;
        scene_->statistics_.geometrySeconds -= seconds;
        meshes.push_back({mesh, std::move(scene)});
        ++scene_->statistics_.reuse.bvhsBuilt;
    }
    RTCGeometry geometry = rtcNewGeometry(device_, RTC_GEOMETRY_TYPE_INSTANCE);
    rtcSetGeometryInstancedScene(geometry, meshes.back().scene->get());
    rtcSetGeometryTransform(geometry, 0, RTC_FORMAT_FLOAT3X4_COLUMN_MAJOR,
                            std::array<float, 12>{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}.data());
    rtcCommitGeometry(geometry);
    return world.attach(geometry);
}

void SceneBuilder::commitScene(EmbreeScene& scene, BvhBuild build) {
    if (onProgress_)
        scene.commit(build, [&](double fraction) { onProgress_("building BVH", fraction); });
    else
        scene.commit(build);
}

// The binding of the vertex program in force for `a`, loaded once per VertexProgram statement;
// null when none is bound.
const VertexProgramBinding* SceneBuilder::vertexProgram(const SurfaceAttributes& a) {
    const VertexProgramDescription* d = a.vertexProgram.get();
    if (!d)
        return nullptr;
    if (const auto it = bindings_.find(d); it != bindings_.end()) {
        if (recording_) // what the first mesh under it read, this one reads too
            recording_->insert(recording_->end(), bindingFiles_[d].begin(), bindingFiles_[d].end());
        return &it->second;
    }
    std::vector<std::filesystem::path>& files = bindingFiles_[d];
    const std::size_t recordedBefore = recording_ ? recording_->size() : 0;
    std::filesystem::path path = std::filesystem::path(d->directory) / d->file;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec) && !bundledVertexPrograms_.empty()) {
        const std::filesystem::path bundled = bundledVertexPrograms_ / d->file;
        if (std::filesystem::is_regular_file(bundled, ec))
            path = bundled;
        else // Both places, so that an incomplete installation shows where it was looked for.
            throw SceneError(d->where,
                             fmt::format("cannot open the vertex program '{}': it is "
                                         "neither in the scene's folder ({}) nor in "
                                         "the bundled vertex programs ({})",
                                         d->file, d->directory.empty() ? "." : d->directory,
                                         bundledVertexPrograms_.string()));
    }
    // A source is compiled for VP2 with the uniforms' values from the statement; its c[] layout
    // is bound as a hand-written program's parameters would be.
    const compiler::ProgramFormat* format = compiler::programFormatOf(path);
    const bool isSource = format && format->isSource;
    compiler::CompileOptions options;
    options.profile = "vp2";
    if (format && format->hasUniforms)
        options.uniformValues = cgUniformValues(d->parameters);
    options.searchPath = {path.parent_path()};
    options.onFileRead = [this](const std::filesystem::path& file) { noteFileRead(file); };
    compiler::CompiledProgram program;
    try {
        program = compiler::loadProgram(path, options);
    } catch (const slvm::ProgramError& e) {
        throw SceneError(d->where,
                         fmt::format("vertex program '{}' does not {}:\n{}", d->file,
                                     isSource ? "compile" : "load", e.what()),
                         e.diagnostics());
    }
    VertexProgramBinding binding =
        isSource ? bindCompiledVertexProgram(*d, program.vertex(), program.constants)
                 : bindVertexProgram(*d, program.vertex());
    binding.executor.emplace(*binding.program, execution_.vm, execution_.statistics);
    if (recording_)
        files.assign(recording_->begin() + static_cast<std::ptrdiff_t>(recordedBefore),
                     recording_->end());
    return &bindings_.emplace(d, std::move(binding)).first->second;
}

// A triangle mesh for `d`, run through the bound vertex program first (if any), without its
// non-finite triangles; its shape is null when none is left. What the program and the dropping
// report goes to `made`.
BuildCache::Surface SceneBuilder::meshShape(const ShapeDescription& d, MeshData mesh,
                                            Statement& made) {
    const SurfaceAttributes& a = *d.attributes;
    std::shared_ptr<VertexProgramInputs> inputs;
    if (const VertexProgramBinding* binding = vertexProgram(a)) {
        // Light sampling picks points by area, clipped or not: an emitter must stay whole.
        for (int plane = 0; plane < slvm::vp2::kClipPlanes && a.areaLight >= 0; ++plane)
            if (binding->program->writes(slvm::vp2::clipResult(plane)))
                throw SceneError(d.where, fmt::format("vertex program '{}' writes clip "
                                                      "distances, which area lights do not "
                                                      "support",
                                                      binding->program->name()));
        const auto parameters = parameterRegisters(
            *binding, {d.objectToWorld, frame_.options.camera.worldToCamera, frame_.number});
        if (keepVertexInputs_)
            inputs = std::make_shared<VertexProgramInputs>(
                VertexProgramInputs{binding->program,
                                    {parameters.begin(), parameters.end()},
                                    a.color,
                                    mesh,
                                    vertexStageNormals(mesh)});
        VertexStageReport report;
        try {
            report = runVertexStage(*binding->executor, parameters, a.color, mesh);
        } catch (const std::runtime_error& e) {
            throw SceneError(d.where, e.what());
        }
        made.programVertices += report.vertices;
        if (report.limited || report.overflowed)
            made.warnings.push_back(fmt::format(
                "vertex program '{}' stopped early on {} of {} vertices ({} at the "
                "{}-instruction limit, {} by a CAL past four levels); their outputs are what "
                "it had written",
                binding->program->name(), report.limited + report.overflowed, report.vertices,
                report.limited, slvm::kDefaultBudget, report.overflowed));
    }
    made.droppedTriangles += dropNonFiniteTriangles(mesh, d.objectToWorld);
    if (mesh.triangles.empty())
        return {};
    return {std::make_shared<TriangleMesh>(d.objectToWorld, a.reverseOrientation, a.sides == 1,
                                           std::move(mesh)),
            std::move(inputs),
            {}};
}

} // namespace lrt
