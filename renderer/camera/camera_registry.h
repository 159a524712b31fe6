// Every camera lrt can create, by projection name: the one place that maps Projection names to
// classes, each entry beside its class with its parameter table. The camera statements before
// WorldBegin (Projection, ScreenWindow, FrameAspectRatio, Clipping, DepthOfField) and the
// transform at WorldBegin make a CameraDescription; createCamera turns it into a Camera.
#pragma once

#include "renderer/camera/camera.h"
#include "renderer/core/parameter_table.h"
#include "renderer/core/registry.h"
#include "renderer/core/scene_entity.h"
#include "renderer/description/camera_description.h"
#include "renderer/description/scene_vocabulary.h"

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace lrt {

// What every projection shares: placement, screen window, raster, clipping and thin lens.
struct CameraSetup {
    Transform cameraToWorld;
    ScreenWindow window;
    int xResolution, yResolution;
    float nearClip, farClip;
    float lensRadius, focalDistance;
};

// A Projection's syntax (name, parameters) and how to make it.
struct CameraEntry : EntitySyntax {
    std::unique_ptr<Camera> (*create)(const Parameters& parameters, const CameraSetup& setup);
};

const Registry<CameraEntry>& cameraRegistry();

// The camera `description` describes, for an image of the given resolution and pixel aspect
// ratio; throws SceneError for a bad parameter, and for a camera whose transforms are not finite
// or that makes a ray Embree cannot trace (isTraceable) at a corner of the image or the lens.
std::unique_ptr<Camera> createCamera(const CameraDescription& description, int xResolution,
                                     int yResolution, float pixelAspectRatio);

} // namespace lrt
