// The orthographic projection's registry entry: it has no parameters of its own.
#include "renderer/camera/orthographic_camera.h"

namespace lrt {

namespace {
std::unique_ptr<Camera> create(const Parameters&, const CameraSetup& s) {
    return std::make_unique<OrthographicCamera>(s.cameraToWorld, s.window, s.xResolution,
                                                s.yResolution, s.nearClip, s.farClip);
}
} // namespace

const CameraEntry OrthographicCamera::registryEntry{{"orthographic", {}}, &create};

} // namespace lrt
