// The perspective projection: rays through the screen window from the eye, or from a thin lens.
#include "renderer/camera/perspective_camera.h"

#include <cmath>
#include <numbers>

namespace lrt {

namespace {

const ParameterSpec kParameters[] = {
    {"fov", ValueKind::Float, 90.0f, kReal.above(0).below(180),
     "the full angle across the shorter image axis, in degrees"},
};

std::unique_ptr<Camera> create(const Parameters& p, const CameraSetup& s) {
    const float fov = p.getFloat("fov");
    return std::make_unique<PerspectiveCamera>(s.cameraToWorld, s.window, s.xResolution,
                                               s.yResolution, s.nearClip, s.farClip, fov,
                                               s.lensRadius, s.focalDistance);
}

} // namespace

const CameraEntry PerspectiveCamera::registryEntry{{"perspective", kParameters}, &create};

PerspectiveCamera::PerspectiveCamera(const Transform& cameraToWorld, ScreenWindow window,
                                     int xResolution, int yResolution, float nearClip,
                                     float farClip, float fovDegrees, float lensRadius,
                                     float focalDistance)
    : Camera(cameraToWorld, window, xResolution, yResolution, nearClip, farClip),
      tanHalfFov_(std::tan(fovDegrees * std::numbers::pi_v<float> / 360.0f)),
      lensRadius_(lensRadius), focalDistance_(focalDistance) {}

Ray PerspectiveCamera::generateRay(Vec2 raster, Vec2 lens) const {
    const Vec2 screen = toScreen(raster);
    Vec3 origin;
    Vec3 direction = normalize(Vec3{screen.x * tanHalfFov_, screen.y * tanHalfFov_, 1.0f});
    if (lensRadius_ > 0) {
        // Concentric mapping of the lens sample onto the disk (Shirley and Chiu).
        const float a = 2 * lens.x - 1, b = 2 * lens.y - 1;
        float r = 0, phi = 0;
        if (a != 0 || b != 0) {
            const bool first = std::fabs(a) > std::fabs(b);
            r = first ? a : b;
            phi = first ? std::numbers::pi_v<float> / 4 * (b / a)
                        : std::numbers::pi_v<float> / 2 - std::numbers::pi_v<float> / 4 * (a / b);
        }
        origin = {lensRadius_ * r * std::cos(phi), lensRadius_ * r * std::sin(phi), 0};
        const Vec3 focus = direction * (focalDistance_ / direction.z);
        direction = normalize(focus - origin);
    }
    // Clipping planes are z = near and z = far in camera space.
    return toWorld({origin, direction, nearClip() / direction.z, farClip() / direction.z});
}

} // namespace lrt
