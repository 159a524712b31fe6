// The table of cameras, and what every projection shares.
#include "renderer/camera/camera_registry.h"

#include "renderer/camera/orthographic_camera.h"
#include "renderer/camera/perspective_camera.h"
#include "renderer/core/scene_error.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {
const CameraEntry* const kCameras[] = {&PerspectiveCamera::registryEntry,
                                       &OrthographicCamera::registryEntry};
// "Format at 2:1, ScreenWindow at 4:1 and Translate at 6:1".
std::string statementList(const CameraDescription& c) {
    std::string out;
    for (std::size_t i = 0; i < c.shapedBy.size(); ++i)
        out += fmt::format("{}{} at {}:{}",
                           i == 0                       ? ""
                           : i + 1 == c.shapedBy.size() ? " and "
                                                        : ", ",
                           c.shapedBy[i].first, c.shapedBy[i].second.line,
                           c.shapedBy[i].second.column);
    return out.empty() ? "the defaults" : out;
}

// Every ray lies between those through the image's and the lens's corners (the raster-to-ray map
// is monotonic in each coordinate), so checking the corners checks every ray the camera makes.
void checkRays(const Camera& camera, const CameraDescription& c, int xResolution, int yResolution) {
    const auto fail = [&](const std::string& what) {
        throw SceneError(c.where,
                         fmt::format("the camera {}; it is shaped by {}", what, statementList(c)));
    };
    if (!c.worldToCamera.isFinite())
        fail("transform is not finite");
    const float w = static_cast<float>(xResolution), h = static_cast<float>(yResolution);
    for (const Vec2 raster : {Vec2{0, 0}, Vec2{w, 0}, Vec2{0, h}, Vec2{w, h}, Vec2{w / 2, h / 2}})
        for (const Vec2 lens : {Vec2{0, 0}, Vec2{1, 0}, Vec2{0, 1}, Vec2{1, 1}, Vec2{0.5f, 0.5f}}) {
            const Ray r = camera.generateRay(raster, lens);
            if (!isTraceable(r))
                fail(fmt::format("makes a ray that cannot be traced at raster ({}, {}), lens ({}, "
                                 "{}): origin [{} {} {}], direction [{} {} {}], t from {} to {} "
                                 "(coordinates must be finite and within {:g}, the direction "
                                 "not zero, and 0 <= near <= far)",
                                 raster.x, raster.y, lens.x, lens.y, r.origin.x, r.origin.y,
                                 r.origin.z, r.direction.x, r.direction.y, r.direction.z, r.tMin,
                                 r.tMax, kMaxRayCoordinate));
        }
}

} // namespace

const Registry<CameraEntry>& cameraRegistry() {
    static const Registry<CameraEntry> registry(kCameras);
    return registry;
}

std::unique_ptr<Camera> createCamera(const CameraDescription& c, int xResolution, int yResolution,
                                     float pixelAspectRatio) {
    const CameraEntry* entry = cameraRegistry().find(c.projection.name);
    if (!entry)
        throw std::logic_error(fmt::format("projection '{}' is not registered", c.projection.name));
    const float frameAspect = c.frameAspectRatio.value_or(
        static_cast<float>(xResolution) * pixelAspectRatio / static_cast<float>(yResolution));
    ScreenWindow window = Camera::defaultScreenWindow(frameAspect);
    if (c.screenWindow)
        window = {(*c.screenWindow)[0], (*c.screenWindow)[1], (*c.screenWindow)[2],
                  (*c.screenWindow)[3]};
    const CameraSetup setup{c.worldToCamera.inverse(),
                            window,
                            xResolution,
                            yResolution,
                            c.nearClip,
                            c.farClip,
                            c.fStop > 0 ? c.focalLength / (2 * c.fStop) : 0.0f,
                            c.focalDistance};
    auto camera =
        entry->create(Parameters(c.projection.parameters, entry->parameters,
                                 fmt::format("Projection \"{}\"", entry->name), c.projection.where),
                      setup);
    checkRays(*camera, c, xResolution, yResolution);
    return camera;
}

} // namespace lrt
