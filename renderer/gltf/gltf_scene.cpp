// The frame of a glTF scene. glTF's space is right-handed with cameras looking down -z; lrt's is
// left-handed with cameras looking down +z: the world keeps glTF's coordinates, and the camera
// transform mirrors z, so the picture is the one glTF viewers show. Photometric light units
// (candela, lux) become lrt's radiometric ones by 683 lm/W, the factor Blender's exporter and the
// KHR_lights_punctual convention use.
#include "renderer/gltf/gltf_scene.h"

#include "renderer/gltf/gltf_file.h"
#include "slvm/common/file_contents.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <numbers>

namespace lrt {

namespace {

constexpr float kLumensPerWatt = 683.0f;
constexpr float kDegrees = 180.0f / std::numbers::pi_v<float>;
constexpr int kImageWidth = 960; // glTF cameras give an aspect ratio, not a resolution

void set(ParameterList& list, const char* name, std::vector<double> numbers) {
    list.add({name, ParameterType::Unspecified, std::move(numbers), {}, {}});
}

// The camera looking down +z that sees what `camera` (looking down -z) sees.
Transform worldToCamera(const Transform& cameraToFile) {
    return Transform::scale(1, 1, -1) * cameraToFile.inverse();
}

void useCamera(const GltfCamera& c, FrameOptions& options) {
    CameraDescription& camera = options.camera;
    FilmDescription& film = options.film;
    camera.worldToCamera = worldToCamera(c.cameraToFile);
    camera.nearClip = c.znear > 0 ? c.znear : camera.nearClip;
    camera.farClip = c.zfar > c.znear ? c.zfar : camera.farClip;
    if (!c.perspective) {
        camera.projection = {"orthographic", {}, camera.where};
        camera.screenWindow = std::array<float, 4>{-c.xmag, c.xmag, -c.ymag, c.ymag};
        film.xResolution = kImageWidth;
        film.yResolution =
            std::max(1, static_cast<int>(std::lround(kImageWidth * c.ymag / c.xmag)));
        return;
    }
    const float aspect = c.aspectRatio > 0 ? c.aspectRatio : 4.0f / 3.0f;
    film.xResolution = kImageWidth;
    film.yResolution = std::max(1, static_cast<int>(std::lround(kImageWidth / aspect)));
    // lrt's fov spans the shorter image axis; glTF's yfov the vertical one.
    const float fov = aspect >= 1 ? c.yfov : 2 * std::atan(std::tan(c.yfov / 2) * aspect);
    camera.projection = {"perspective", {}, camera.where};
    set(camera.projection.parameters, "fov", {std::clamp(fov * kDegrees, 0.01f, 179.0f)});
}

// A camera on the +z side of the meshes' bounds, looking at their middle, seeing all of them.
GltfCamera framingCamera(const GltfFile& file) {
    Vec3 low{INFINITY, INFINITY, INFINITY}, high{-INFINITY, -INFINITY, -INFINITY};
    for (const FileMesh& mesh : file.meshes)
        for (const Vec3& p : mesh.data.positions)
            for (int axis = 0; axis < 3; ++axis) {
                low[axis] = std::min(low[axis], p[axis]);
                high[axis] = std::max(high[axis], p[axis]);
            }
    GltfCamera camera;
    camera.yfov = 40 / kDegrees;
    if (!(low.x <= high.x))
        return camera;
    const Vec3 middle = (low + high) * 0.5f;
    const float radius = std::max(length(high - low) * 0.5f, 1e-3f);
    const float distance = radius / std::sin(camera.yfov / 2);
    camera.cameraToFile = Transform::translate(middle + Vec3{0, 0, distance});
    camera.znear = distance * 1e-3f;
    return camera;
}

LightDescription light(const GltfLight& l) {
    LightDescription d{"", {}, l.lightToFile, {}};
    set(d.parameters, "from", {0, 0, 0});
    set(d.parameters, "lightcolor", {l.color.r, l.color.g, l.color.b});
    set(d.parameters, "intensity", {l.intensity / kLumensPerWatt});
    if (l.type == "point") {
        d.type = "pointlight";
        return d;
    }
    set(d.parameters, "to", {0, 0, -1});
    d.type = l.type == "spot" ? "spotlight" : "distantlight";
    if (l.type == "spot") {
        const float outer = std::clamp(l.outerConeAngle * kDegrees, 0.01f, 90.0f);
        const float inner = std::clamp(l.innerConeAngle * kDegrees, 0.0f, outer);
        set(d.parameters, "coneangle", {outer});
        set(d.parameters, "conedeltaangle", {outer - inner});
        set(d.parameters, "beamdistribution", {0});
    }
    return d;
}

} // namespace

std::vector<FrameDescription> parseGltfScene(const std::filesystem::path& path) {
    const auto bytes = slvm::readFileContents(path);
    if (!bytes)
        throw SceneError({path.string(), 1, 1},
                         fmt::format("cannot open glTF file '{}'", path.string()));
    return parseGltfScene(path, *bytes);
}

std::vector<FrameDescription> parseGltfScene(const std::filesystem::path& path,
                                             const std::string& bytes) {
    // Locations view the file's name, which the frame keeps alive in its sources (the binary
    // bytes are no text to quote, so the kept text is empty).
    auto sources = std::make_shared<SceneSources>();
    sources->push_back(std::make_unique<const slvm::SourceText>(path.string(), ""));
    const std::string& name = sources->front()->name();
    const SourceLocation where{name, 1, 1};
    std::shared_ptr<const GltfFile> parsed;
    try {
        parsed = std::make_shared<const GltfFile>(parseGltf(bytes, name, path.parent_path()));
    } catch (const std::runtime_error& e) {
        throw SceneError(where, e.what());
    }
    const GltfFile& file = *parsed;
    FrameDescription frame;
    frame.number = 1;
    frame.sources = sources;
    frame.sceneDirectory = path.parent_path().empty() ? "." : path.parent_path().string();
    FrameOptions& options = frame.options;
    options.camera.where = where;
    options.camera.shapedBy = {{"the glTF camera", where}};
    options.integrator = {"path", {}, where};
    options.film.xSamples = options.film.ySamples = 4;
    if (file.cameras.empty()) {
        frame.warnings.emplace_back(slvm::Severity::Warning, where,
                                    "the file has no camera: one framing the scene from +z "
                                    "stands in");
        useCamera(framingCamera(file), options);
    } else {
        useCamera(file.cameras.front(), options);
    }
    for (const GltfLight& l : file.lights)
        frame.world.lights.push_back(light(l));
    const bool emits = std::any_of(file.materials.begin(), file.materials.end(),
                                   [](const FileMaterial& m) { return !m.emission.isBlack(); });
    if (file.lights.empty() && !emits) {
        frame.warnings.emplace_back(slvm::Severity::Warning, where,
                                    "the file has no lights: a uniform white sky of radiance 1 "
                                    "stands in");
        frame.world.lights.push_back({"infinite", {}, Transform(), where});
    }
    // Primitives without a material take glTF's default: white, metallic 1, roughness 1.
    auto attributes = std::make_shared<SurfaceAttributes>();
    attributes->surface = {"metal", {}, where};
    set(attributes->surface.parameters, "Ks", {1});
    set(attributes->surface.parameters, "roughness", {1});
    ShapeDescription shape;
    shape.type = "gltf";
    shape.parameters.add(
        {"filename", ParameterType::String, {}, {path.filename().string()}, where});
    shape.attributes = attributes;
    shape.baseDirectory = frame.sceneDirectory;
    shape.where = where;
    shape.meshFile = std::move(parsed);
    frame.world.shapes.push_back(std::move(shape));
    std::vector<FrameDescription> frames;
    frames.push_back(std::move(frame));
    return frames;
}

} // namespace lrt
