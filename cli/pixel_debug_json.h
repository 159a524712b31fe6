// The pixel debugger's record as the JSON document `lrt debug` prints and `lrt preview` serves at
// /api/pixel (docs/preview.md lists every key).
#pragma once

#include "renderer/render/pixel_debugger.h"

#include <cstdint>
#include <string>

namespace lrt::cli {

// `d` as JSON; `scene` is the scene file as the user named it, `seed` the render's seed.
std::string pixelDebugJson(const PixelDebug& d, const std::string& scene, std::uint64_t seed);

} // namespace lrt::cli
