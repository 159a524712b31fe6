// Shapes: each statement's surfaces, made through the shape registry (or taken over from the last
// build, BuildCache), meshes run through the bound vertex program, each surface placed as a
// Primitive; then the BVHs over them, a big mesh in a BVH of its own.
#include "compiler/driver/program_loader.h"
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/core/field_count.h"
#include "renderer/shapes/triangle_mesh.h"
#include "renderer/vertex/vertex_stage.h"
#include "slvm/common/execution.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

void SceneBuilder::addShape(const ShapeDescription& d, std::vector<Primitive>& primitives,
                            BuildCache::Bvh& bvh) {
    const SurfaceAttributes& a = *d.attributes;
    ShapeKey key = shapeKey(d);
    std::shared_ptr<const Statement> made;
    if (options_.cache)
        made = options_.cache->take(key);
    // After the shape is read, so that a shape's own error is not hidden behind its Surface's,
    // and before its vertex program runs, whose errors come after the Surface's.
    std::optional<SurfaceLook> statementLook;
    const auto lookUp = [&] {
        SurfaceLook look;
        look.material = material(a);
        look.color = a.color;
        look.texture = a.colorTexture ? colorTexture(*a.colorTexture) : nullptr;
        look.opacity = a.opacity;
        look.normalMap = a.normalMap ? colorTexture(*a.normalMap) : nullptr;
        look.cutout = {a.alpha ? colorTexture(*a.alpha) : nullptr, a.alphaCutoff};
        statementLook = look;
    };
    if (made) {
        ++parts_.statistics.reuse.statementsReused;
        for (const std::filesystem::path& file : made->files)
            noteFileRead(file);
        lookUp();
    } else {
        made = makeStatement(d, std::move(key), lookUp);
        ++parts_.statistics.reuse.statementsMade;
    }
    std::vector<SurfaceLook> fileLooks;
    for (const FileMaterial& m : made->materials)
        fileLooks.push_back(fileMaterialLook(m, d));
    for (const std::string& note : made->notes)
        substitution(d.where, note);
    for (const std::string& warning : made->warnings)
        parts_.warnings.emplace_back(slvm::Severity::Warning, d.where, warning);
    if (made->droppedTriangles > 0 && parts_.statistics.droppedTriangles == 0)
        firstDroppedTriangle_ = d.where;
    parts_.statistics.droppedTriangles += made->droppedTriangles;
    parts_.statistics.programVertices += made->programVertices;
    for (const BuildCache::Surface& surface : made->surfaces)
        addPrimitive(surface, surface.material ? fileLooks[*surface.material] : *statementLook, d,
                     primitives);
    bvh.statements.push_back(made);
    statements_.push_back(std::move(made));
}

// Every field of the statement and of its attributes is read here or named below as one that
// does not change what the statement makes: a field added to either struct fails these asserts
// until it is one or the other, so that no change is taken over stale.
static_assert(fieldCount<ShapeDescription>() == 8,
              "ShapeDescription changed: add the new field to shapeKey or to what it ignores");
static_assert(fieldCount<SurfaceAttributes>() == 15,
              "SurfaceAttributes changed: add the new field to shapeKey or to what it ignores");
static_assert(fieldCount<VertexProgramDescription>() == 4,
              "VertexProgramDescription changed: add the new field to shapeKey or to what it "
              "ignores");

// Ignored: where the statement was written (d.where, the program's where), and the attributes that
// decide how a made surface looks and which lights reach it, which are applied to it after it is
// made or taken over (surface, parameterTextures, mixed, colorTexture, normalMap, alpha,
// alphaCutoff, opacity, disabledLights, identifier, and
// areaLight but under a vertex program). A mesh file the scene's reader parsed (glTF) is the same
// only as the same object: a new reading is a new mesh.
ShapeKey SceneBuilder::shapeKey(const ShapeDescription& d) const {
    const SurfaceAttributes& a = *d.attributes;
    ShapeKey::Writer key;
    key.add(d.type)
        .add(d.arguments)
        .add(d.parameters)
        .add(d.objectToWorld.matrix())
        .add(d.objectToWorld.inverse().matrix())
        .add(d.baseDirectory)
        .add(d.meshFile.get())
        .add(a.reverseOrientation)
        .add(a.sides);
    if (const VertexProgramDescription* program = a.vertexProgram.get()) {
        // What the program sees besides the mesh: its own file and bindings, the colour, the
        // camera it tracks and the frame; whether the mesh emits (clip distances are refused
        // then); and whether its inputs are kept for the debugger.
        const Transform& worldToCamera = frame_.options.camera.worldToCamera;
        key.add(program->file)
            .add(program->parameters)
            .add(program->directory)
            .add(a.color)
            .add(a.areaLight >= 0)
            .add(worldToCamera.matrix())
            .add(worldToCamera.inverse().matrix())
            .add(frame_.number)
            .add(options_.keepVertexInputs);
    }
    return std::move(key).finish();
}

std::shared_ptr<const SceneBuilder::Statement>
SceneBuilder::makeStatement(const ShapeDescription& d, ShapeKey key,
                            const std::function<void()>& afterReading) {
    const SurfaceAttributes& a = *d.attributes;
    const ShapeEntry* entry = shapeRegistry().find(d.type);
    if (!entry)
        throw std::logic_error(fmt::format("shape '{}' is not registered", d.type));
    auto made = std::make_shared<Statement>(std::move(key));
    // "reading NAME" for the file the shape reads now, as it reads it.
    std::string phase;
    const auto reading = [&](double fraction) {
        if (options_.onProgress && !phase.empty())
            options_.onProgress(phase, fraction);
    };
    const ShapeContext context{d.objectToWorld,
                               a.reverseOrientation,
                               a.sides == 1,
                               d.baseDirectory,
                               d.where,
                               d.meshFile,
                               [&](const std::filesystem::path& path) {
                                   noteFileRead(path, &made->files);
                                   phase = "reading " + path.filename().string();
                                   reading(0);
                               },
                               execution_,
                               reading};
    // Reading: what the shape's own making takes (mesh files).
    PhaseTimer::Phase readingPhase = timer_.enter(parts_.statistics.readSeconds);
    ShapeSurfaces surfaces = entry->create(
        d.arguments,
        Parameters(d.parameters, entry->parameters, shapeStatementName(*entry), d.where), context);
    readingPhase.stop();
    afterReading(); // the Surface's files are not the shape's

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
            if (const VertexProgramBinding* binding = vertexProgram(a, *made)) {
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
    const bool inObject = &primitives != &parts_.rootPrimitives;
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
    primitive.cutout = look.cutout;
    if (primitive.cutout.alpha)
        parts_.hasCutouts = true;
    primitive.lightList = lightList(a);
    primitive.origin = fmt::format("{} at {}:{}", d.type, d.where.file, d.where.line);
    primitive.surface = a.surface.name;
    primitive.vertexInputs = surface.vertexInputs;
    AreaLight* light = nullptr;
    if (a.areaLight >= 0)
        light = static_cast<AreaLight*>(parts_.lights[static_cast<std::size_t>(a.areaLight)].get());
    else if (fileEmits)
        light = emissiveLight(look.emission, look.emissionTexture);
    if (light) {
        light->addShape(shape);
        primitive.areaLight = light;
    }
    if (primitive.opacity != Color{1, 1, 1})
        parts_.hasTranslucency = true;
    if (shape->asTriangleMesh())
        parts_.statistics.triangles += shape->primitiveCount();
    else
        ++parts_.statistics.quadrics;
    parts_.statistics.geometryBytes += shape->memoryBytes();
    primitives.push_back(primitive);
    parts_.shapes.push_back(surface.shape);
}

void SceneBuilder::commitBvh(BuildCache::Bvh& bvh, const std::vector<Primitive>& primitives,
                             const BuildCache::Bvh* last, bool reusable, BvhBuild build,
                             const std::vector<Scene::Instance>* instances) {
    if (reusable && last && last->statements == bvh.statements) {
        bvh.scene = last->scene;
        bvh.meshes = last->meshes;
        parts_.statistics.reuse.bvhsReused += 1 + bvh.meshes.size();
        return;
    }
    SceneStatistics& statistics = parts_.statistics;
    PhaseTimer::Phase attaching = timer_.enter(statistics.geometrySeconds);
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
                               surface.shape->primitiveCount() >= options_.ownBvhTriangles;
            check(apart ? attachMeshBvh(*bvh.scene, surface.shape, last, build, bvh.meshes)
                        : bvh.scene->attach(surface.shape->createGeometry(device_)));
        }
    if (expected != primitives.size())
        throw std::logic_error("the statements' surfaces are not the primitives");
    if (instances)
        for (const Scene::Instance& instance : *instances)
            check(bvh.scene->attachInstance(
                device_, *parts_.prototypes[static_cast<std::size_t>(instance.prototype)],
                instance.instanceToWorld));
    attaching.stop();
    commitScene(*bvh.scene, build);
    ++statistics.reuse.bvhsBuilt;
}

// The mesh's own BVH, instanced in the world's: the last build's when its world had it at the
// same quality; else built now (its commit counted as BVH time, not as the world's geometry).
unsigned SceneBuilder::attachMeshBvh(EmbreeScene& world, const std::shared_ptr<const Shape>& mesh,
                                     const BuildCache::Bvh* last, BvhBuild build,
                                     std::vector<BuildCache::MeshBvh>& meshes) {
    const BuildCache* cache = options_.cache;
    const BuildCache::World* lastWorld =
        cache && cache->lastWorld() ? &*cache->lastWorld() : nullptr;
    const BuildCache::MeshBvh* kept = nullptr;
    if (last && lastWorld && lastWorld->build == build)
        for (const BuildCache::MeshBvh& m : last->meshes)
            if (m.shape == mesh)
                kept = &m;
    if (kept) {
        meshes.push_back(*kept);
        ++parts_.statistics.reuse.bvhsReused;
    } else {
        auto scene = std::make_shared<EmbreeScene>(device_);
        scene->attach(mesh->createGeometry(device_));
        commitScene(*scene, build);
        meshes.push_back({mesh, std::move(scene)});
        ++parts_.statistics.reuse.bvhsBuilt;
    }
    return world.attachInstance(device_, *meshes.back().scene, Transform());
}

// Committing is the BVH build's time, also inside another phase.
void SceneBuilder::commitScene(EmbreeScene& scene, BvhBuild build) {
    const PhaseTimer::Phase building = timer_.enter(parts_.statistics.bvhBuildSeconds);
    if (options_.onProgress)
        scene.commit(build,
                     [&](double fraction) { options_.onProgress("building BVH", fraction); });
    else
        scene.commit(build);
}

// The binding of the vertex program in force for `a`, loaded once per VertexProgram statement;
// null when none is bound.
const VertexProgramBinding* SceneBuilder::vertexProgram(const SurfaceAttributes& a,
                                                        Statement& made) {
    const VertexProgramDescription* d = a.vertexProgram.get();
    if (!d)
        return nullptr;
    std::vector<std::filesystem::path>& files = bindingFiles_[d];
    if (const auto it = bindings_.find(d); it != bindings_.end()) {
        // What the first mesh under it read, this one reads too.
        made.files.insert(made.files.end(), files.begin(), files.end());
        return &it->second;
    }
    std::filesystem::path path = std::filesystem::path(d->directory) / d->file;
    std::error_code ec;
    const std::filesystem::path& bundledPrograms = options_.bundledVertexPrograms;
    if (!std::filesystem::is_regular_file(path, ec) && !bundledPrograms.empty()) {
        const std::filesystem::path bundled = bundledPrograms / d->file;
        if (std::filesystem::is_regular_file(bundled, ec))
            path = bundled;
        else // Both places, so that an incomplete installation shows where it was looked for.
            throw SceneError(d->where,
                             fmt::format("cannot open the vertex program '{}': it is "
                                         "neither in the scene's folder ({}) nor in "
                                         "the bundled vertex programs ({})",
                                         d->file, d->directory.empty() ? "." : d->directory,
                                         bundledPrograms.string()));
    }
    // A source is compiled for VP2 with the uniforms' values from the statement; its c[] layout
    // is bound as a hand-written program's parameters would be.
    const compiler::ProgramFormat* format = compiler::programFormatOf(path);
    const bool isSource = format && format->isSource;
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Vp2;
    if (format && format->hasUniforms)
        options.uniformValues = cgUniformValues(d->parameters);
    options.searchPath = {path.parent_path()};
    options.onFileRead = [&](const std::filesystem::path& file) { noteFileRead(file, &files); };
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
    made.files.insert(made.files.end(), files.begin(), files.end());
    return &bindings_.emplace(d, std::move(binding)).first->second;
}

// A triangle mesh for `d`, run through the bound vertex program first (if any), without its
// non-finite triangles; its shape is null when none is left. What the program and the dropping
// report goes to `made`.
BuildCache::Surface SceneBuilder::meshShape(const ShapeDescription& d, MeshData mesh,
                                            Statement& made) {
    const SurfaceAttributes& a = *d.attributes;
    std::shared_ptr<VertexProgramInputs> inputs;
    if (const VertexProgramBinding* binding = vertexProgram(a, made)) {
        // Light sampling picks points by area, clipped or not: an emitter must stay whole.
        for (int plane = 0; plane < slvm::vp2::kClipPlanes && a.areaLight >= 0; ++plane)
            if (binding->program->writes(slvm::vp2::clipResult(plane)))
                throw SceneError(d.where, fmt::format("vertex program '{}' writes clip "
                                                      "distances, which area lights do not "
                                                      "support",
                                                      binding->program->name()));
        const auto parameters = parameterRegisters(
            *binding, {d.objectToWorld, frame_.options.camera.worldToCamera, frame_.number});
        if (options_.keepVertexInputs)
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
