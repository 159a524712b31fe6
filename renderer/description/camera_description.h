// What the camera statements before WorldBegin (Projection, ScreenWindow, FrameAspectRatio,
// Clipping, DepthOfField) and the transform at WorldBegin say, as plain data; createCamera
// (renderer/camera/camera_registry.h) turns it into a Camera.
#pragma once

#include "renderer/core/scene_entity.h"
#include "renderer/core/transform.h"

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lrt {

struct CameraDescription {
    SceneEntity projection{"perspective", {}, {}};    // Projection "name" parameters
    std::optional<std::array<float, 4>> screenWindow; // left right bottom top
    std::optional<float> frameAspectRatio;
    float nearClip = 1e-3f;
    float farClip = 1e30f;
    float fStop = 0.0f; // DepthOfField: 0 is a pinhole
    float focalLength = 0.0f;
    float focalDistance = 1.0f;
    Transform worldToCamera;
    // The statements that shaped the camera, latest of each kind (Format, ScreenWindow, ...,
    // "transform" for the last transform before WorldBegin), and WorldBegin, which fixes it: an
    // unusable camera is reported at WorldBegin, naming these.
    std::vector<std::pair<std::string, SourceLocation>> shapedBy;
    SourceLocation where;
};

} // namespace lrt
