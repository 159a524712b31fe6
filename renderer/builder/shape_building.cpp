// Shapes: each statement's surfaces, made through the shape registry, meshes run through the
// bound vertex program, and each surface placed in its Embree scene as a Primitive.
#include "compiler/driver/program_loader.h"
#include "renderer/builder/scene_builder_parts.h"
#include "renderer/shapes/triangle_mesh.h"
#include "renderer/vertex/vertex_stage.h"

#include <chrono>
#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

void SceneBuilder::addShape(const ShapeDescription& d, EmbreeScene& target,
                            std::vector<Primitive>& primitives) {
    const SurfaceAttributes& a = *d.attributes;
    const ShapeEntry* entry = shapeRegistry().find(d.type);
    if (!entry)
        throw std::logic_error(fmt::format("shape '{}' is not registered", d.type));
    const ShapeContext context{d.objectToWorld,
                               a.reverseOrientation,
                               a.sides == 1,
                               d.baseDirectory,
                               d.where,
                               d.meshFile,
                               [this](const std::filesystem::path& path) { noteFileRead(path); },
                               execution_};
    // Reading: what the shape's own making takes (mesh files), less any program it compiles.
    const auto reading = std::chrono::steady_clock::now();
    const double compiledBefore = compiled_.seconds();
    ShapeSurfaces made = entry->create(
        d.arguments,
        Parameters(d.parameters, entry->parameters, shapeStatementName(*entry), d.where), context);
    scene_->statistics_.readSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - reading).count() -
        (compiled_.seconds() - compiledBefore);
    // After the shape, so that a shape's own error is not hidden behind its Surface's.
    const SurfaceLook statementLook{
        material(a), a.color, a.colorTexture ? colorTexture(*a.colorTexture) : nullptr,
        a.opacity,   {},      a.normalMap ? colorTexture(*a.normalMap) : nullptr,
        1.0f};
    std::vector<SurfaceLook> fileLooks;
    for (const FileMaterial& m : made.materials)
        fileLooks.push_back(fileMaterialLook(m, d));
    for (const std::string& note : made.notes)
        substitution(d.where, note);

    for (ShapeSurface& surfaceMade : made.surfaces) {
        MadeShape shape;
        if (auto* mesh = std::get_if<MeshData>(&surfaceMade.geometry)) {
            shape = meshShape(d, std::move(*mesh));
        } else {
            shape.shape = std::move(std::get<std::unique_ptr<Shape>>(surfaceMade.geometry));
            // Under a vertex program, other shapes are deformed as meshes at the binding's rate.
            if (const VertexProgramBinding* binding = vertexProgram(a)) {
                auto mesh =
                    shape.shape->tessellate(binding->tessellation[0], binding->tessellation[1]);
                if (!mesh)
                    throw SceneError(d.where, fmt::format("vertex programs apply to meshes and to "
                                                          "shapes that tessellate; {} does not",
                                                          shapeStatementName(*entry)));
                shape = meshShape(d, std::move(*mesh));
            }
        }
        if (!shape.shape)
            continue; // every triangle was dropped
        const auto& index = surfaceMade.material;
        addPrimitive(std::move(shape), index ? fileLooks[*index] : statementLook, d, target,
                     primitives);
    }
}

void SceneBuilder::addPrimitive(MadeShape made, const SurfaceLook& look, const ShapeDescription& d,
                                EmbreeScene& target, std::vector<Primitive>& primitives) {
    std::unique_ptr<Shape> shape = std::move(made.shape);
    const SurfaceAttributes& a = *d.attributes;
    // A file's emissive material makes its surface an area light, unless the statement's own
    // AreaLightSource does; not inside an object definition, where area lights cannot be.
    const bool inObject = &primitives != &scene_->rootPrimitives_;
    const bool fileEmits = !look.emission.isBlack() && a.areaLight < 0 && !inObject;
    if (!look.emission.isBlack() && inObject)
        substitution(d.where, "an emissive material inside an object definition does not emit "
                              "(area lights cannot be instanced)");
    // Light sampling picks points on the emitter's surface: it must be able to. Checked before the
    // geometry is attached, so that a refused shape leaves the BVH and the primitives in step.
    if ((a.areaLight >= 0 || fileEmits) && !shape->samplesArea())
        throw SceneError(d.where, fmt::format("an area light needs shapes it can sample points on, "
                                              "and a {} cannot be sampled",
                                              d.type));
    const unsigned id = target.attach(shape->createGeometry(device_));
    if (id != primitives.size())
        throw std::logic_error("Embree assigned geometry IDs out of order");
    Primitive primitive;
    primitive.shape = shape.get();
    primitive.material = look.material;
    primitive.color = look.color;
    primitive.colorTexture = look.texture;
    primitive.normalMap = look.normalMap;
    primitive.normalScale = look.normalScale;
    primitive.opacity = look.opacity;
    primitive.lightList = lightList(a);
    primitive.origin = fmt::format("{} at {}:{}", d.type, d.where.file, d.where.line);
    primitive.surface = a.surface.name;
    primitive.vertexInputs = std::move(made.vertexInputs);
    AreaLight* light = nullptr;
    if (a.areaLight >= 0)
        light =
            static_cast<AreaLight*>(scene_->lights_[static_cast<std::size_t>(a.areaLight)].get());
    else if (fileEmits)
        light = emissiveLight(look.emission);
    if (light) {
        light->addShape(shape.get());
        primitive.areaLight = light;
    }
    if (primitive.opacity != Color{1, 1, 1})
        scene_->hasTranslucency_ = true;
    if (dynamic_cast<const TriangleMesh*>(shape.get()))
        scene_->statistics_.triangles += shape->primitiveCount();
    else
        ++scene_->statistics_.quadrics;
    scene_->statistics_.geometryBytes += shape->memoryBytes();
    primitives.push_back(primitive);
    scene_->shapes_.push_back(std::move(shape));
}

// The binding of the vertex program in force for `a`, loaded once per VertexProgram statement;
// null when none is bound.
const VertexProgramBinding* SceneBuilder::vertexProgram(const SurfaceAttributes& a) {
    const VertexProgramDescription* d = a.vertexProgram.get();
    if (!d)
        return nullptr;
    if (const auto it = bindings_.find(d); it != bindings_.end())
        return &it->second;
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
    return &bindings_.emplace(d, std::move(binding)).first->second;
}

// A triangle mesh for `d`, run through the bound vertex program first (if any), without its
// non-finite triangles; null when none is left.
SceneBuilder::MadeShape SceneBuilder::meshShape(const ShapeDescription& d, MeshData mesh) {
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
        scene_->statistics_.programVertices += report.vertices;
        if (report.limited || report.overflowed)
            scene_->warnings_.emplace_back(
                slvm::Severity::Warning, d.where,
                fmt::format("vertex program '{}' stopped early on {} of {} vertices ({} at the "
                            "65536-instruction limit, {} by a CAL past four levels); their "
                            "outputs are what it had written",
                            binding->program->name(), report.limited + report.overflowed,
                            report.vertices, report.limited, report.overflowed));
    }
    if (const std::size_t dropped = dropNonFiniteTriangles(mesh, d.objectToWorld)) {
        if (scene_->statistics_.droppedTriangles == 0)
            firstDroppedTriangle_ = d.where;
        scene_->statistics_.droppedTriangles += dropped;
    }
    if (mesh.triangles.empty())
        return {};
    return {std::make_unique<TriangleMesh>(d.objectToWorld, a.reverseOrientation, a.sides == 1,
                                           std::move(mesh)),
            std::move(inputs)};
}

} // namespace lrt
