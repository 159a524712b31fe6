// Fuzzes the .lrt reader with arbitrary text, and runs what parses: a scene that parses is built
// and the 4x4 pixels at the corner of its own image (its Format, so that extreme resolutions and
// pixel aspect ratios reach the camera) are rendered, one sample each. fuzz/lrt.dict feeds it
// extreme numbers. Every input must end in a picture or a SceneError
// (or a runtime error such as an unreadable file); a crash, a hang or a logic error is a bug.
#include "renderer/builder/scene_builder.h"
#include "renderer/core/scene_error.h"
#include "renderer/embree/device.h"
#include "renderer/parser/parser.h"
#include "renderer/render/renderer.h"

#include <algorithm>
#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        auto frames = lrt::parseSceneString(std::string(reinterpret_cast<const char*>(data), size),
                                            "fuzz.lrt", "/nonexistent");
        lrt::FrameDescription& frame = frames.front();
        const lrt::FilmDescription& film = frame.options.film;
        const lrt::EmbreeDevice device;
        const auto scene = lrt::buildScene(frame, device.get());
        lrt::RenderSettings settings;
        settings.samplesPerPixel = 1;
        settings.threads = 1;
        settings.crop = {0, std::min(1.0f, 4.0f / static_cast<float>(film.xResolution)), 0,
                         std::min(1.0f, 4.0f / static_cast<float>(film.yResolution))};
        lrt::render(*scene, settings);
    } catch (const lrt::SceneError&) {
    } catch (const std::runtime_error&) {
    }
    return 0;
}
