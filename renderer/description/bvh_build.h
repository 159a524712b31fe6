// Option "render" "string bvh": how the scene's BVH is built. "fast" is Embree's medium-quality
// build of a compact BVH (about half the memory and 40% of the build time of "quality" on big
// meshes); "quality" its high-quality build with spatial splits; "auto" picks by what the frame
// will trace (chooseBvhBuild, renderer/accel/bvh_choice.h).
#pragma once

namespace lrt {

enum class BvhBuild { Auto, Fast, Quality };

} // namespace lrt
