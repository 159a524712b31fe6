// Perspective projection: the screen window's [-1, 1] spans the field of view "fov" (degrees,
// default 90) across the shorter image axis; an optional thin lens gives depth of field.
#pragma once

#include "renderer/camera/camera.h"
#include "renderer/camera/camera_registry.h"

namespace lrt {

class PerspectiveCamera final : public Camera {
public:
    // Its parameters and create() are in perspective_camera.cpp, with its registry entry.
    static const CameraEntry registryEntry;

    PerspectiveCamera(const Transform& cameraToWorld, ScreenWindow window, int xResolution,
                      int yResolution, float nearClip, float farClip, float fovDegrees,
                      float lensRadius, float focalDistance);
    Ray generateRay(Vec2 raster, Vec2 lens) const override;
    bool usesLens() const override { return lensRadius_ > 0; }

private:
    float tanHalfFov_;
    float lensRadius_, focalDistance_;
};

} // namespace lrt
