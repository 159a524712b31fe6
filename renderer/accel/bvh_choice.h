// Option "render" "bvh" "auto": whether the high-quality BVH build pays for itself in the frame
// it is built for. The quality build (spatial splits) takes longer per triangle than the fast
// one and saves time per ray; it pays when the frame traces enough rays per triangle.
#pragma once

#include "renderer/description/bvh_build.h"

#include <cstddef>

namespace lrt {

// Camera samples per triangle from which "auto" builds for quality. Measured on the 2-core
// development VM (docs/performance.md, "Choosing the BVH build"): the quality build takes about
// 0.25 us more per triangle, and traces 10-15% faster, about 0.03 us a ray; at about 3 rays a
// camera sample it pays from 0.25 / (3 x 0.03) = 2.5 samples a triangle.
constexpr double kQualitySamplesPerTriangle = 2.5;

// Fast or Quality: `asked` unless it is Auto, then by kQualitySamplesPerTriangle for `triangles`
// triangles (instanced ones counted once) and `cameraSamples` samples (pixels x spp).
constexpr BvhBuild chooseBvhBuild(BvhBuild asked, std::size_t triangles, double cameraSamples) {
    if (asked != BvhBuild::Auto)
        return asked;
    return cameraSamples >= kQualitySamplesPerTriangle * static_cast<double>(triangles)
               ? BvhBuild::Quality
               : BvhBuild::Fast;
}

// Triangles from which a mesh of the world gets a BVH of its own, instanced (untransformed) in the
// world's: a reload that changes one big mesh, or anything else, builds that mesh's BVH or the
// world's small one again, not all of them (docs/preview.md, "What a reload rebuilds"). Below it
// a mesh is in the world's BVH itself, where overlapping small shapes trace faster than through
// instances. 100,000 triangles build in about 15 ms (fast); the instance costs about 1% of a
// ray's time on the 8M-triangle terrain (docs/performance.md).
constexpr std::size_t kOwnBvhTriangles = 100000;

} // namespace lrt
