// Orthographic projection: rays parallel to +z through the screen window, in camera units.
#pragma once

#include "renderer/camera/camera.h"
#include "renderer/camera/camera_registry.h"

namespace lrt {

class OrthographicCamera final : public Camera {
public:
    // It takes no parameters; its registry entry is in orthographic_camera.cpp.
    static const CameraEntry registryEntry;

    using Camera::Camera;
    Ray generateRay(Vec2 raster, Vec2) const override {
        const Vec2 screen = toScreen(raster);
        return toWorld({{screen.x, screen.y, 0}, {0, 0, 1}, nearClip(), farClip()});
    }
};

} // namespace lrt
