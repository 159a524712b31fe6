// The Camera interface and the screen-window mapping shared by both projections. Camera space is
// left-handed as in RenderMan: the camera looks down +z with +y up and +x to the right.
#pragma once

#include "renderer/core/ray.h"
#include "renderer/core/transform.h"

#include <array>

namespace lrt {

struct ScreenWindow {
    float left, right, bottom, top;
};

class Camera {
public:
    Camera(const Transform& cameraToWorld, ScreenWindow window, int xResolution, int yResolution,
           float nearClip, float farClip)
        : cameraToWorld_(cameraToWorld), window_(window), xResolution_(xResolution),
          yResolution_(yResolution), nearClip_(nearClip), farClip_(farClip) {}
    virtual ~Camera() = default;

    // The world-space ray through continuous raster position `raster` ((0,0) is the top-left
    // corner of the image), with `lens` uniform in [0,1)^2 for depth of field.
    virtual Ray generateRay(Vec2 raster, Vec2 lens) const = 0;
    // Whether generateRay reads `lens` (a thin lens: depth of field); a pinhole ignores it, and
    // the renderer then draws no lens sample.
    virtual bool usesLens() const { return false; }
    // The same ray with differentials towards rays `spacing` pixels to the right and below.
    Ray generateRayWithDifferentials(Vec2 raster, Vec2 lens, float spacing) const {
        Ray ray = generateRay(raster, lens);
        const Ray rx = generateRay({raster.x + spacing, raster.y}, lens);
        const Ray ry = generateRay({raster.x, raster.y + spacing}, lens);
        ray.hasDifferentials = true;
        ray.rxOrigin = rx.origin, ray.rxDirection = rx.direction;
        ray.ryOrigin = ry.origin, ray.ryDirection = ry.direction;
        return ray;
    }

    // RenderMan's default screen window: [-a, a] x [-1, 1] for frame aspect a >= 1, else
    // [-1, 1] x [-1/a, 1/a].
    static ScreenWindow defaultScreenWindow(float frameAspect);

protected:
    // Raster position to screen-window coordinates (y up).
    Vec2 toScreen(Vec2 raster) const {
        return {window_.left +
                    (window_.right - window_.left) * raster.x / static_cast<float>(xResolution_),
                window_.top -
                    (window_.top - window_.bottom) * raster.y / static_cast<float>(yResolution_)};
    }
    // A camera-space ray in world space, with a unit direction and its extent rescaled to match.
    Ray toWorld(const Ray& cameraRay) const {
        Ray ray = cameraToWorld_.ray(cameraRay);
        const float scale = length(ray.direction);
        ray.direction = ray.direction / scale;
        ray.tMin *= scale;
        ray.tMax *= scale;
        return ray;
    }
    float nearClip() const { return nearClip_; }
    float farClip() const { return farClip_; }

private:
    Transform cameraToWorld_;
    ScreenWindow window_;
    int xResolution_, yResolution_;
    float nearClip_, farClip_;
};

inline ScreenWindow Camera::defaultScreenWindow(float frameAspect) {
    return frameAspect >= 1 ? ScreenWindow{-frameAspect, frameAspect, -1, 1}
                            : ScreenWindow{-1, 1, -1 / frameAspect, 1 / frameAspect};
}

} // namespace lrt
