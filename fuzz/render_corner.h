// What the scene fuzzers do with an input that parses: build it and render the 4x4 pixels at the
// corner of its own image (its own resolution, so that extreme values reach the camera), one
// sample each, or with a noise threshold, up to 16 in adaptive rounds.
#pragma once

#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/render/renderer.h"

#include <algorithm>

inline void renderCorner(const lrt::FrameDescription& frame) {
    const lrt::FilmDescription& film = frame.options.film;
    const lrt::EmbreeDevice device;
    const auto scene = lrt::buildScene(frame, device.get());
    lrt::RenderSettings settings;
    settings.samplesPerPixel = film.noiseThreshold > 0 ? 16 : 1;
    settings.threads = 1;
    settings.crop = {0, std::min(1.0f, 4.0f / static_cast<float>(film.xResolution)), 0,
                     std::min(1.0f, 4.0f / static_cast<float>(film.yResolution))};
    lrt::render(*scene, settings);
}
