// Scene construction. Each ShapeDescription becomes one or more Shapes; each distinct set of
// surface attributes becomes one Material; lights are created in declaration order.
#include "renderer/scene/scene_builder.h"

#include "renderer/camera/orthographic_camera.h"
#include "renderer/camera/perspective_camera.h"
#include "renderer/lights/ambient_light.h"
#include "renderer/lights/distant_light.h"
#include "renderer/lights/environment_light.h"
#include "renderer/lights/infinite_light.h"
#include "renderer/lights/point_light.h"
#include "renderer/lights/spot_light.h"
#include "renderer/materials/constant.h"
#include "renderer/materials/glass.h"
#include "renderer/materials/matte.h"
#include "renderer/materials/metal.h"
#include "renderer/materials/mirror.h"
#include "renderer/materials/plastic.h"
#include "renderer/scene/scene_error.h"
#include "renderer/shapes/cone.h"
#include "renderer/shapes/cylinder.h"
#include "renderer/shapes/disk.h"
#include "renderer/shapes/hyperboloid.h"
#include "renderer/shapes/obj_file.h"
#include "renderer/shapes/paraboloid.h"
#include "renderer/shapes/polygon_triangulation.h"
#include "renderer/shapes/sphere.h"
#include "renderer/shapes/triangle_mesh.h"
#include "renderer/vertex/vertex_program_binding.h"
#include "renderer/vertex/vertex_stage.h"
#include "slvm/common/diagnostic.h"
#include "slvm/sl/shader_file.h"
#include "slvm/vp2/parser.h"

#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <optional>

namespace lrt {

class SceneBuilder {
public:
    SceneBuilder(const FrameDescription& frame, RTCDevice device,
                 const std::vector<std::filesystem::path>& shaderPath)
        : frame_(frame), device_(device) {
        for (const std::string& folder : frame.options.shaderSearchPath)
            searchPath_.emplace_back(folder);
        searchPath_.insert(searchPath_.end(), shaderPath.begin(), shaderPath.end());
        searchPath_.emplace_back(frame.sceneDirectory.empty() ? "." : frame.sceneDirectory);
        searchPath_.emplace_back(LRT_BUNDLED_SHADER_DIR);
    }

    std::unique_ptr<Scene> build() {
        scene_ = std::make_unique<Scene>();
        scene_->film_ = frame_.options.film;
        scene_->options_ = frame_.options;
        scene_->background_ = frame_.world.background;
        scene_->frame_ = frame_.number;
        scene_->camera_ = makeCamera();
        makeLights();

        const auto start = std::chrono::steady_clock::now();
        for (const ObjectDefinition& object : frame_.world.objects) {
            auto prototype = std::make_unique<EmbreeScene>(device_);
            std::vector<Primitive> primitives;
            for (const ShapeDescription& shape : object.shapes) {
                if (shape.attributes->areaLight >= 0)
                    throw SceneError(
                        shape.where,
                        fmt::format("area lights inside object definitions are not supported "
                                    "(object '{}')",
                                    object.name));
                addShape(shape, *prototype, primitives);
            }
            prototype->commit();
            scene_->prototypes_.push_back(std::move(prototype));
            scene_->prototypePrimitives_.push_back(std::move(primitives));
        }
        scene_->root_ = std::make_unique<EmbreeScene>(device_);
        for (const ShapeDescription& shape : frame_.world.shapes)
            addShape(shape, *scene_->root_, scene_->rootPrimitives_);
        for (const InstanceDescription& instance : frame_.world.instances)
            addInstance(instance);
        scene_->root_->commit();
        scene_->statistics_.bvhBuildSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return std::move(scene_);
    }

private:
    // ---- camera -----------------------------------------------------------------------------

    std::unique_ptr<Camera> makeCamera() const {
        const CameraDescription& c = frame_.options.camera;
        const FilmDescription& f = frame_.options.film;
        const float frameAspect =
            c.frameAspectRatio.value_or(static_cast<float>(f.xResolution) * f.pixelAspectRatio /
                                        static_cast<float>(f.yResolution));
        ScreenWindow window = Camera::defaultScreenWindow(frameAspect);
        if (c.screenWindow)
            window = {(*c.screenWindow)[0], (*c.screenWindow)[1], (*c.screenWindow)[2],
                      (*c.screenWindow)[3]};
        const Transform cameraToWorld = c.worldToCamera.inverse();
        if (c.projection == "orthographic") {
            c.parameters.rejectUnused("Projection \"orthographic\"");
            return std::make_unique<OrthographicCamera>(cameraToWorld, window, f.xResolution,
                                                        f.yResolution, c.nearClip, c.farClip);
        }
        const float fov = c.parameters.getFloat("fov", 90.0f);
        if (!(fov > 0 && fov < 180))
            throw SceneError(c.parameters.find("fov")->where,
                             "fov must be between 0 and 180 degrees");
        c.parameters.rejectUnused("Projection \"perspective\"");
        const float lensRadius = c.fStop > 0 ? c.focalLength / (2 * c.fStop) : 0.0f;
        return std::make_unique<PerspectiveCamera>(cameraToWorld, window, f.xResolution,
                                                   f.yResolution, c.nearClip, c.farClip, fov,
                                                   lensRadius, c.focalDistance);
    }

    // ---- lights -----------------------------------------------------------------------------

    void makeLights() {
        for (const LightDescription& light : frame_.world.lights) {
            const ParameterList& p = light.parameters;
            const Color power = p.getColor("lightcolor", {1, 1, 1}) * p.getFloat("intensity", 1.0f);
            const Transform& toWorld = light.lightToWorld;
            std::unique_ptr<Light> made;
            if (light.type == "pointlight") {
                made = std::make_unique<PointLight>(toWorld.point(p.getPoint("from", {})), power);
            } else if (light.type == "spotlight") {
                const Vec3 from = p.getPoint("from", {}), to = p.getPoint("to", {0, 0, 1});
                if (from == to)
                    throw SceneError(light.where, "spotlight needs \"from\" and \"to\" to differ");
                const float cone = p.getFloat("coneangle", 30),
                            delta = p.getFloat("conedeltaangle", 5);
                if (!(cone > 0 && cone <= 180) || !(delta >= 0))
                    throw SceneError(
                        light.where,
                        "spotlight coneangle must lie in (0, 180] degrees and conedeltaangle "
                        "must not be negative");
                made = std::make_unique<SpotLight>(toWorld.point(from), toWorld.vector(to - from),
                                                   power, cone, delta,
                                                   p.getFloat("beamdistribution", 2));
            } else if (light.type == "distantlight") {
                const Vec3 from = p.getPoint("from", {}), to = p.getPoint("to", {0, 0, 1});
                if (from == to)
                    throw SceneError(light.where,
                                     "distantlight needs \"from\" and \"to\" to differ");
                made = std::make_unique<DistantLight>(toWorld.vector(from - to), power);
            } else if (light.type == "ambientlight") {
                made = std::make_unique<AmbientLight>(power);
            } else if (light.type == "arealight") {
                made = std::make_unique<AreaLight>(power);
            } else { // "infinite"
                const std::string mapName = p.getString("mapname", "");
                if (mapName.empty()) {
                    made = std::make_unique<InfiniteLight>(power);
                } else {
                    Image map;
                    try {
                        map = readImage(std::filesystem::path(frame_.sceneDirectory.empty()
                                                                  ? "."
                                                                  : frame_.sceneDirectory) /
                                        mapName);
                    } catch (const std::exception& e) {
                        throw SceneError(p.find("mapname")->where, e.what());
                    }
                    made = std::make_unique<EnvironmentLight>(std::move(map), power, toWorld);
                }
                scene_->infiniteLights_.push_back(made.get());
            }
            p.rejectUnused(fmt::format("LightSource \"{}\"", light.type));
            scene_->lights_.push_back(std::move(made));
        }
    }

    const std::vector<int>* lightList(const SurfaceAttributes& attributes) {
        const auto* key = attributes.disabledLights.get();
        const auto it = lightLists_.find(key);
        if (it != lightLists_.end())
            return it->second;
        auto list = std::make_unique<std::vector<int>>();
        for (int i = 0; i < static_cast<int>(scene_->lights_.size()); ++i)
            if (!key || std::find(key->begin(), key->end(), i) == key->end())
                list->push_back(i);
        const std::vector<int>* raw = list.get();
        scene_->lightLists_.push_back(std::move(list));
        lightLists_[key] = raw;
        return raw;
    }

    // ---- materials --------------------------------------------------------------------------

    const Material* material(const SurfaceAttributes& a) {
        const auto it = materials_.find(&a);
        if (it != materials_.end())
            return it->second;
        const ParameterList& p = a.surfaceParameters;
        const std::string& name = a.surface;
        auto positive = [&](const char* parameter, float fallback) {
            const float value = p.getFloat(parameter, fallback);
            if (!(value > 0))
                throw SceneError(p.find(parameter)->where,
                                 fmt::format("{} must be positive", parameter));
            return value;
        };
        std::unique_ptr<Material> made;
        if (name == "matte") {
            made = std::make_unique<Matte>(p.getFloat("Kd", 0.5f), p.getFloat("Ka", 1.0f));
        } else if (name == "plastic") {
            made = std::make_unique<Plastic>(p.getFloat("Kd", 0.5f), p.getFloat("Ks", 0.5f),
                                             p.getFloat("Ka", 1.0f), positive("roughness", 0.1f),
                                             p.getColor("specularcolor", {1, 1, 1}));
        } else if (name == "metal") {
            made = std::make_unique<Metal>(p.getFloat("Ks", 1.0f), p.getFloat("Kr", 0.0f),
                                           positive("roughness", 0.1f));
        } else if (name == "mirror") {
            made = std::make_unique<Mirror>(p.getFloat("Kr", 1.0f));
        } else if (name == "glass") {
            made = std::make_unique<Glass>(positive("eta", 1.5f), p.getFloat("Kr", 1.0f),
                                           p.getFloat("Kt", 1.0f));
        } else if (name == "constant") {
            made = std::make_unique<Constant>();
        } else {
            made = slMaterial(a);
        }
        p.rejectUnused(fmt::format("Surface \"{}\"", name));
        const Material* raw = made.get();
        scene_->materials_.push_back(std::move(made));
        materials_[&a] = raw;
        return raw;
    }

    // ---- SL shaders -------------------------------------------------------------------------

    // The shader file for Surface `name`: name.slc, else name.sl, in each search folder in turn.
    std::optional<std::filesystem::path> findShader(const std::string& name) const {
        for (const auto& folder : searchPath_)
            for (const char* extension : {".slc", ".sl"}) {
                const std::filesystem::path candidate = folder / (name + extension);
                std::error_code ec;
                if (std::filesystem::is_regular_file(candidate, ec))
                    return candidate;
            }
        return std::nullopt;
    }

    std::shared_ptr<const slvm::sl::VerifiedProgram> loadShader(const SurfaceAttributes& a) {
        const auto path = findShader(a.surface);
        if (!path) {
            std::string folders;
            for (const auto& folder : searchPath_)
                folders += (folders.empty() ? "" : ", ") + folder.string();
            throw SceneError(
                a.surfaceWhere,
                fmt::format(
                    "unknown surface '{}': not a built-in (matte, plastic, metal, mirror, glass, "
                    "constant) and no {}.slc or {}.sl in the shader search path ({})",
                    a.surface, a.surface, a.surface, folders));
        }
        const std::string key = std::filesystem::weakly_canonical(*path).string();
        if (const auto it = shaders_.find(key); it != shaders_.end())
            return it->second;
        try {
            auto program =
                std::make_shared<const slvm::sl::VerifiedProgram>(slvm::sl::loadShaderFile(*path));
            shaders_[key] = program;
            return program;
        } catch (const slvm::ProgramError& e) {
            throw SceneError(a.surfaceWhere, fmt::format("shader '{}' ({}) does not load:\n{}",
                                                         a.surface, path->string(), e.what()));
        }
    }

    std::unique_ptr<Material> slMaterial(const SurfaceAttributes& a) {
        namespace sl = slvm::sl;
        const ParameterList& p = a.surfaceParameters;
        SlSurfaceSettings settings;
        settings.name = a.surface;
        settings.where = a.surfaceWhere;
        settings.program = loadShader(a);
        settings.budget = frame_.options.slBudget;
        sl::RegisterFile& r = settings.initial;
        r = sl::RegisterFile::withDefaults();
        r.scalar(sl::reg::Kd) = p.getFloat("Kd", 0.5f);
        r.scalar(sl::reg::Ks) = p.getFloat("Ks", 0.5f);
        r.scalar(sl::reg::Ka) = p.getFloat("Ka", 0.0f);
        r.scalar(sl::reg::Kr) = p.getFloat("Kr", 0.0f);
        r.scalar(sl::reg::Kt) = p.getFloat("Kt", 0.0f);
        if (p.has("roughness")) {
            const float roughness = p.getFloat("roughness", 0.1f);
            if (!(roughness > 0))
                throw SceneError(p.find("roughness")->where, "roughness must be positive");
            r.scalar(sl::reg::S) = 8.0f / roughness;
        }
        settings.eta = p.getFloat("eta", 1.0f);
        if (!(settings.eta > 0))
            throw SceneError(p.find("eta")->where, "eta must be positive");
        const Color specular = p.getColor("specularcolor", {});
        r.vector(sl::reg::C1) = {specular.r, specular.g, specular.b, 1.0f};
        for (int i = 0; i < 4; ++i) {
            const Vec3 v = p.getPoint(fmt::format("r{}", i), {});
            r.vector(sl::reg::r0 + i) = {v.x, v.y, v.z, 0.0f};
            r.scalar(sl::reg::s0 + i) = p.getFloat(fmt::format("s{}", i), 0.0f);
        }
        for (int unit = 0; unit < 8; ++unit) {
            const std::string name = fmt::format("t{}", unit);
            const auto binding = p.getTextureOrColor(name);
            if (!binding)
                continue;
            if (const auto* colour = std::get_if<Color>(&*binding)) {
                settings.textures[static_cast<std::size_t>(unit)] = *colour;
                continue;
            }
            if (!scene_->textures_)
                scene_->textures_ = std::make_unique<TextureSystem>();
            const std::filesystem::path file =
                std::filesystem::path(frame_.sceneDirectory.empty() ? "." : frame_.sceneDirectory) /
                std::get<std::string>(*binding);
            try {
                settings.textures[static_cast<std::size_t>(unit)] = scene_->textures_->open(file);
            } catch (const std::exception& e) {
                throw SceneError(p.find(name)->where, e.what());
            }
        }
        settings.textureSystem = scene_->textures_.get();
        auto material = std::make_unique<SlMaterial>(std::move(settings));
        scene_->slMaterials_.push_back(material.get());
        return material;
    }

    // A built-in surface for an OBJ .mtl material: plastic when it has a specular colour.
    const Material* objMaterial(const ObjMaterial& m) {
        if (m.specular.isBlack()) {
            scene_->materials_.push_back(std::make_unique<Matte>(1.0f, 1.0f));
        } else {
            const float roughness = m.shininess > 0 ? 8.0f / m.shininess : 0.1f;
            scene_->materials_.push_back(
                std::make_unique<Plastic>(1.0f, 1.0f, 1.0f, roughness, m.specular));
        }
        return scene_->materials_.back().get();
    }

    // ---- shapes -----------------------------------------------------------------------------

    void addShape(const ShapeDescription& d, EmbreeScene& target,
                  std::vector<Primitive>& primitives) {
        const SurfaceAttributes& a = *d.attributes;
        const bool flip = a.reverseOrientation, oneSided = a.sides == 1;
        const Transform& t = d.objectToWorld;
        const auto& n = d.arguments;
        auto thetaMax = [&](double degrees) {
            if (!(degrees > 0 && degrees <= 360))
                throw SceneError(
                    d.where, fmt::format("thetamax must lie in (0, 360] degrees, not {}", degrees));
            return static_cast<float>(degrees);
        };
        auto positiveArgument = [&](double value, const char* what) {
            if (!(value > 0))
                throw SceneError(d.where, fmt::format("{} must be positive, not {}", what, value));
            return static_cast<float>(value);
        };
        // Each shape with its material, and the colour an OBJ material gives it.
        struct Made {
            std::unique_ptr<Shape> shape;
            const Material* material;
            std::optional<Color> color;
        };
        std::vector<Made> shapes;
        const Material* surface = material(a);
        if (d.type == "sphere") {
            shapes.push_back({std::make_unique<Sphere>(t, flip, oneSided,
                                                       positiveArgument(n[0], "Sphere radius"),
                                                       float(n[1]), float(n[2]), thetaMax(n[3])),
                              surface, std::nullopt});
        } else if (d.type == "cylinder") {
            if (n[1] == n[2])
                throw SceneError(d.where, "Cylinder needs zmin and zmax to differ");
            shapes.push_back({std::make_unique<Cylinder>(t, flip, oneSided,
                                                         positiveArgument(n[0], "Cylinder radius"),
                                                         float(n[1]), float(n[2]), thetaMax(n[3])),
                              surface, std::nullopt});
        } else if (d.type == "cone") {
            if (n[0] == 0)
                throw SceneError(d.where, "Cone height must not be zero");
            shapes.push_back(
                {std::make_unique<Cone>(t, flip, oneSided, float(n[0]),
                                        positiveArgument(n[1], "Cone radius"), thetaMax(n[2])),
                 surface, std::nullopt});
        } else if (d.type == "disk") {
            shapes.push_back(
                {std::make_unique<Disk>(t, flip, oneSided, float(n[0]),
                                        positiveArgument(n[1], "Disk radius"), thetaMax(n[2])),
                 surface, std::nullopt});
        } else if (d.type == "paraboloid") {
            if (!(n[2] > 0 && n[1] >= 0 && n[1] < n[2]))
                throw SceneError(d.where, "Paraboloid needs 0 <= zmin < zmax");
            shapes.push_back({std::make_unique<Paraboloid>(
                                  t, flip, oneSided, positiveArgument(n[0], "Paraboloid rmax"),
                                  float(n[1]), float(n[2]), thetaMax(n[3])),
                              surface, std::nullopt});
        } else if (d.type == "hyperboloid") {
            if (n[2] == n[5])
                throw SceneError(
                    d.where,
                    "Hyperboloid needs its two points at different z (a flat one is a Disk)");
            shapes.push_back({std::make_unique<Hyperboloid>(
                                  t, flip, oneSided, Vec3{float(n[0]), float(n[1]), float(n[2])},
                                  Vec3{float(n[3]), float(n[4]), float(n[5])}, thetaMax(n[6])),
                              surface, std::nullopt});
        } else if (d.type == "obj") {
            const std::string filename = d.parameters.getString("filename", "");
            if (filename.empty())
                throw SceneError(d.where, "Shape \"obj\" needs a \"filename\"");
            ObjFile obj;
            try {
                obj = loadObjFile(std::filesystem::path(d.baseDirectory) / filename);
            } catch (const std::exception& e) {
                throw SceneError(d.parameters.find("filename")->where, e.what());
            }
            std::vector<const Material*> materials;
            for (const ObjMaterial& m : obj.materials)
                materials.push_back(objMaterial(m));
            for (ObjMesh& mesh : obj.meshes) {
                auto triangles = meshShape(d, std::move(mesh.data));
                if (mesh.material < 0) {
                    shapes.push_back({std::move(triangles), surface, std::nullopt});
                } else {
                    const auto m = static_cast<std::size_t>(mesh.material);
                    shapes.push_back(
                        {std::move(triangles), materials[m], obj.materials[m].diffuse});
                }
            }
        } else {
            shapes.push_back({meshShape(d, meshData(d)), surface, std::nullopt});
        }
        // Under a vertex program, quadrics are deformed as meshes at the binding's rate.
        if (const VertexProgramBinding* binding = vertexProgram(a))
            for (Made& made : shapes)
                if (const auto* quadric = dynamic_cast<const Quadric*>(made.shape.get()))
                    made.shape = meshShape(
                        d, quadric->tessellate(binding->tessellation[0], binding->tessellation[1]));
        d.parameters.rejectUnused(d.type == "obj" || d.type == "trianglemesh"
                                      ? fmt::format("Shape \"{}\"", d.type)
                                      : d.type);

        for (auto& [shape, shapeMaterial, shapeColor] : shapes) {
            const unsigned id = target.attach(shape->createGeometry(device_));
            if (id != primitives.size())
                throw std::logic_error("Embree assigned geometry IDs out of order");
            Primitive primitive;
            primitive.shape = shape.get();
            primitive.material = shapeMaterial;
            primitive.color = shapeColor.value_or(a.color);
            primitive.opacity = a.opacity;
            primitive.lights = lightList(a);
            if (a.areaLight >= 0) {
                auto* light = static_cast<AreaLight*>(
                    scene_->lights_[static_cast<std::size_t>(a.areaLight)].get());
                light->addShape(shape.get());
                primitive.areaLight = light;
            }
            if (a.opacity != Color{1, 1, 1})
                scene_->hasTranslucency_ = true;
            if (dynamic_cast<const TriangleMesh*>(shape.get()))
                scene_->statistics_.triangles += shape->primitiveCount();
            else
                ++scene_->statistics_.quadrics;
            scene_->statistics_.geometryBytes += shape->memoryBytes();
            primitives.push_back(primitive);
            scene_->shapes_.push_back(std::move(shape));
        }
    }

    void addInstance(const InstanceDescription& instance) {
        RTCGeometry geometry = rtcNewGeometry(device_, RTC_GEOMETRY_TYPE_INSTANCE);
        rtcSetGeometryInstancedScene(
            geometry, scene_->prototypes_[static_cast<std::size_t>(instance.object)]->get());
        float matrix[12]; // 3x4, column-major
        const Matrix4& m = instance.instanceToWorld.matrix();
        for (int column = 0; column < 4; ++column)
            for (int row = 0; row < 3; ++row)
                matrix[column * 3 + row] = m[row][column];
        rtcSetGeometryTransform(geometry, 0, RTC_FORMAT_FLOAT3X4_COLUMN_MAJOR, matrix);
        rtcCommitGeometry(geometry);
        const unsigned id = scene_->root_->attach(geometry);
        if (id != scene_->rootPrimitives_.size() + scene_->instances_.size())
            throw std::logic_error("Embree assigned instance IDs out of order");
        scene_->instances_.push_back({instance.object, instance.instanceToWorld});
        ++scene_->statistics_.instances;
    }

    // ---- vertex programs ----------------------------------------------------------------------

    // The binding of the vertex program in force for `a`, loaded once per VertexProgram
    // statement; null when none is bound.
    const VertexProgramBinding* vertexProgram(const SurfaceAttributes& a) {
        const VertexProgramDescription* d = a.vertexProgram.get();
        if (!d)
            return nullptr;
        if (const auto it = bindings_.find(d); it != bindings_.end())
            return &it->second;
        std::filesystem::path path = std::filesystem::path(d->directory) / d->file;
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec) &&
            std::filesystem::is_regular_file(
                std::filesystem::path(LRT_BUNDLED_VERTEX_DIR) / d->file, ec))
            path = std::filesystem::path(LRT_BUNDLED_VERTEX_DIR) / d->file;
        std::shared_ptr<const slvm::vp2::Program> program;
        try {
            program =
                std::make_shared<const slvm::vp2::Program>(slvm::vp2::loadVertexProgramFile(path));
        } catch (const slvm::ProgramError& e) {
            throw SceneError(
                d->where, fmt::format("vertex program '{}' does not load:\n{}", d->file, e.what()));
        }
        return &bindings_.emplace(d, bindVertexProgram(*d, std::move(program))).first->second;
    }

    // A triangle mesh for `d`, run through the bound vertex program first (if any).
    std::unique_ptr<Shape> meshShape(const ShapeDescription& d, MeshData mesh) {
        const SurfaceAttributes& a = *d.attributes;
        if (const VertexProgramBinding* binding = vertexProgram(a)) {
            // Light sampling picks points by area, clipped or not: an emitter must stay whole.
            for (int plane = 0; plane < 6 && a.areaLight >= 0; ++plane)
                if (binding->program->writes(static_cast<slvm::vp2::Result>(
                        static_cast<int>(slvm::vp2::Result::CLP0) + plane)))
                    throw SceneError(d.where, fmt::format("vertex program '{}' writes clip "
                                                          "distances, which area lights do not "
                                                          "support",
                                                          binding->program->name()));
            const auto parameters = parameterRegisters(
                *binding, {d.objectToWorld, frame_.options.camera.worldToCamera, frame_.number});
            VertexStageReport report;
            try {
                report = runVertexStage(*binding->program, parameters, a.color, mesh);
            } catch (const std::runtime_error& e) {
                throw SceneError(d.where, e.what());
            }
            scene_->statistics_.programVertices += report.vertices;
            if (report.limited || report.overflowed)
                scene_->warnings_.push_back(fmt::format(
                    "{}:{}: vertex program '{}' stopped early on {} of {} vertices ({} at the "
                    "65536-instruction limit, {} by a CAL past four levels); their outputs are "
                    "what it had written",
                    d.where.file, d.where.line, binding->program->name(),
                    report.limited + report.overflowed, report.vertices, report.limited,
                    report.overflowed));
        }
        return std::make_unique<TriangleMesh>(d.objectToWorld, a.reverseOrientation, a.sides == 1,
                                              std::move(mesh));
    }

    // Vertex data of trianglemesh and the polygon statements, checked and triangulated.
    MeshData meshData(const ShapeDescription& d) const {
        const ParameterList& p = d.parameters;
        MeshData mesh;
        mesh.positions = p.getTriples("P");
        if (mesh.positions.empty())
            throw SceneError(d.where, fmt::format("{} needs vertex positions \"P\"", d.type));
        const std::size_t count = mesh.positions.size();
        auto perVertex = [&](const char* name, std::size_t components) {
            const Parameter* parameter = p.find(name);
            if (parameter && parameter->numbers.size() != count * components)
                throw SceneError(parameter->where,
                                 fmt::format("\"{}\" must have {} values per vertex: {} for {} "
                                             "vertices, found {}",
                                             name, components, count * components, count,
                                             parameter->numbers.size()));
            return parameter != nullptr;
        };
        if (perVertex("N", 3))
            mesh.normals = p.getTriples("N");
        for (const char* st : {"st", "uv"})
            if (perVertex(st, 2)) {
                const auto values = p.getFloats(st);
                for (std::size_t i = 0; i < count; ++i)
                    mesh.st.push_back({values[2 * i], values[2 * i + 1]});
            }
        if (perVertex("Cs", 3))
            for (const Vec3 c : p.getTriples("Cs"))
                mesh.colors.push_back({c.x, c.y, c.z});

        auto index = [&](double value, const SourceLocation& where) {
            if (value >= static_cast<double>(count))
                throw SceneError(where,
                                 fmt::format("vertex index {} is out of range: {} has {} vertices",
                                             value, d.type, count));
            return static_cast<int>(value);
        };
        auto addPolygon = [&](const std::vector<std::vector<int>>& loops) {
            std::string error;
            const auto triangles = triangulatePolygon(mesh.positions, loops, error);
            if (!triangles)
                throw SceneError(d.where, fmt::format("{}: {}", d.type, error));
            mesh.triangles.insert(mesh.triangles.end(), triangles->begin(), triangles->end());
        };
        const auto& n = d.arguments;
        if (d.type == "trianglemesh") {
            const Parameter* indices = p.find("indices");
            if (!indices)
                throw SceneError(d.where, "trianglemesh needs \"indices\"");
            const auto values = p.getIntegers("indices");
            if (values.size() % 3 != 0)
                throw SceneError(
                    indices->where,
                    fmt::format("trianglemesh \"indices\" must come in threes, found {}",
                                values.size()));
            for (std::size_t i = 0; i < values.size(); i += 3) {
                std::array<int, 3> triangle{};
                for (int k = 0; k < 3; ++k) {
                    if (values[i + k] < 0)
                        throw SceneError(indices->where, "vertex indices must not be negative");
                    triangle[k] = index(values[i + k], indices->where);
                }
                mesh.triangles.push_back(triangle);
            }
        } else if (d.type == "polygon") {
            std::vector<int> loop(count);
            for (std::size_t i = 0; i < count; ++i)
                loop[i] = static_cast<int>(i);
            addPolygon({loop});
        } else if (d.type == "pointspolygons") {
            const auto polygons = static_cast<std::size_t>(n[0]);
            std::size_t next = 1 + polygons;
            for (std::size_t i = 0; i < polygons; ++i) {
                std::vector<int> loop;
                for (std::size_t k = 0; k < static_cast<std::size_t>(n[1 + i]); ++k, ++next) {
                    if (next >= n.size())
                        throw SceneError(d.where, "PointsPolygons has fewer vertex indices than "
                                                  "its vertex counts add up to");
                    loop.push_back(index(n[next], d.where));
                }
                addPolygon({loop});
            }
            if (next != n.size())
                throw SceneError(
                    d.where,
                    "PointsPolygons has more vertex indices than its vertex counts add up to");
        } else { // pointsgeneralpolygons
            const auto polygons = static_cast<std::size_t>(n[0]),
                       loopTotal = static_cast<std::size_t>(n[1]);
            std::size_t loopCursor = 2 + polygons, next = 2 + polygons + loopTotal, loopsUsed = 0;
            for (std::size_t i = 0; i < polygons; ++i) {
                std::vector<std::vector<int>> loops;
                for (std::size_t l = 0; l < static_cast<std::size_t>(n[2 + i]);
                     ++l, ++loopCursor, ++loopsUsed) {
                    if (loopsUsed >= loopTotal)
                        throw SceneError(d.where, "PointsGeneralPolygons has fewer loop sizes than "
                                                  "its loop counts add up to");
                    std::vector<int> loop;
                    for (std::size_t k = 0; k < static_cast<std::size_t>(n[loopCursor]);
                         ++k, ++next) {
                        if (next >= n.size())
                            throw SceneError(d.where, "PointsGeneralPolygons has fewer vertex "
                                                      "indices than its loop sizes "
                                                      "add up to");
                        loop.push_back(index(n[next], d.where));
                    }
                    loops.push_back(std::move(loop));
                }
                if (!loops.empty())
                    addPolygon(loops);
            }
            if (loopsUsed != loopTotal || next != n.size())
                throw SceneError(d.where,
                                 "PointsGeneralPolygons' counts do not match its index list");
        }
        return mesh;
    }

    const FrameDescription& frame_;
    RTCDevice device_;
    std::unique_ptr<Scene> scene_;
    std::map<const SurfaceAttributes*, const Material*> materials_;
    std::map<const std::vector<int>*, const std::vector<int>*> lightLists_;
    std::vector<std::filesystem::path> searchPath_;
    std::map<std::string, std::shared_ptr<const slvm::sl::VerifiedProgram>> shaders_;
    std::map<const VertexProgramDescription*, VertexProgramBinding> bindings_;
};

std::unique_ptr<Scene> buildScene(const FrameDescription& frame, RTCDevice device,
                                  const std::vector<std::filesystem::path>& shaderPath) {
    return SceneBuilder(frame, device, shaderPath).build();
}

std::vector<std::filesystem::path> splitSearchPath(const std::string& list) {
    std::vector<std::filesystem::path> folders;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t colon = list.find(':', start);
        const std::string folder = list.substr(start, colon - start);
        if (!folder.empty())
            folders.emplace_back(folder);
        if (colon == std::string::npos)
            break;
        start = colon + 1;
    }
    return folders;
}

} // namespace lrt
