// A camera sample as the film receives it: where it landed, the radiance brought back along it,
// and what its camera ray's first hit looked like (for the AOV layers).
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/vector.h"

#include <cmath>

namespace lrt {

// What the camera ray's first hit looks like, for denoisers and compositing (EXR AOVs).
struct FirstHit {
    Color albedo;           // the surface's reflectance colour (Material::albedo)
    Vec3 normal;            // world-space shading normal, facing the camera
    float depth = INFINITY; // distance along the camera ray; infinite when it leaves the scene
};

struct FilmSample {
    float x, y; // raster position
    Color radiance;
    FirstHit firstHit;
};

} // namespace lrt
