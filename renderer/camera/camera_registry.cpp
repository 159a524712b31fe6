// The table of cameras, and what every projection shares.
#include "renderer/camera/camera_registry.h"

#include "renderer/camera/orthographic_camera.h"
#include "renderer/camera/perspective_camera.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {
const CameraEntry* const kCameras[] = {&PerspectiveCamera::registryEntry,
                                       &OrthographicCamera::registryEntry};
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
    return entry->create(Parameters(c.projection.parameters, entry->parameters,
                                    fmt::format("Projection \"{}\"", entry->name),
                                    c.projection.where),
                         setup);
}

} // namespace lrt
