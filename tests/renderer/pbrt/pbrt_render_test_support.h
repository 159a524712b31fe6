// Rendering pbrt-v4 scene text in tests: parsed (every warning a failed check), built with the
// source tree's bundled data and rendered, the scene kept for more renders.
#pragma once

#include "renderer/pbrt/pbrt_scene.h"
#include "tests/renderer/render_test_support.h"

#include <catch2/catch.hpp>
#include <string>

namespace lrt::testing {

struct RenderedPbrt {
    LoadedScene loaded;
    Image image;
};

inline RenderedPbrt renderPbrtText(const std::string& text, int spp = 4) {
    RenderedPbrt r;
    r.loaded.frames = parsePbrtString(text, "test.pbrt");
    for (const auto& warning : r.loaded.frames.at(0).warnings)
        FAIL_CHECK(warning.message);
    r.loaded.scene = buildScene(r.loaded.frames.at(0), r.loaded.device->get(), bundledData());
    RenderSettings settings;
    settings.samplesPerPixel = spp;
    r.image = render(*r.loaded.scene, settings).image;
    return r;
}

} // namespace lrt::testing
