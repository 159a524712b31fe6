// What the scene fuzzers do with an input that parses: build it and render the 4x4 pixels at the
// corner of its own image (its own resolution, so that extreme values reach the camera), one
// sample each, or with a noise threshold, up to 16 in adaptive rounds; then build it again taking
// everything over from the first build (BuildCache, as a preview's reload does) and render the
// corner again, which must be the same bits.
#pragma once

#include "renderer/builder/build_cache.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/core/same_bytes.h"
#include "renderer/embree/device.h"
#include "renderer/render/renderer.h"

#include <algorithm>
#include <cstdlib>

inline void renderCorner(const lrt::FrameDescription& frame) {
    const lrt::FilmDescription& film = frame.options.film;
    const lrt::EmbreeDevice device;
    lrt::BuildCache cache;
    lrt::BuildOptions options;
    options.cache = &cache;
    lrt::RenderSettings settings;
    settings.samplesPerPixel = film.noiseThreshold > 0 ? 16 : 1;
    settings.threads = 1;
    settings.crop = {0, std::min(1.0f, 4.0f / static_cast<float>(film.xResolution)), 0,
                     std::min(1.0f, 4.0f / static_cast<float>(film.yResolution))};
    const lrt::Image first =
        lrt::render(*lrt::buildScene(frame, device.get(), options), settings).image;
    const auto rebuilt = lrt::buildScene(frame, device.get(), options);
    const lrt::Image second = lrt::render(*rebuilt, settings).image;
    if (!lrt::sameBytes(first.pixels, second.pixels) ||
        rebuilt->statistics().reuse.statementsMade != 0)
        std::abort(); // a rebuild that took everything over must render the same bits
}
