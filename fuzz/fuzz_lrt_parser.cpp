// Fuzzes the .lrt reader with arbitrary text, and runs what parses: a scene that parses is built
// and rendered at 4x4 pixels, one sample each. Every input must end in a picture or a SceneError
// (or a runtime error such as an unreadable file); a crash, a hang or a logic error is a bug.
#include "renderer/builder/scene_builder.h"
#include "renderer/core/scene_error.h"
#include "renderer/embree/device.h"
#include "renderer/parser/parser.h"
#include "renderer/render/renderer.h"

#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        auto frames = lrt::parseSceneString(std::string(reinterpret_cast<const char*>(data), size),
                                            "fuzz.lrt", "/nonexistent");
        lrt::FrameDescription& frame = frames.front();
        frame.options.film.xResolution = frame.options.film.yResolution = 4;
        frame.options.film.cropWindow = {0, 1, 0, 1};
        const lrt::EmbreeDevice device;
        const auto scene = lrt::buildScene(frame, device.get());
        lrt::RenderSettings settings;
        settings.samplesPerPixel = 1;
        settings.threads = 1;
        lrt::render(*scene, settings);
    } catch (const lrt::SceneError&) {
    } catch (const std::runtime_error&) {
    }
    return 0;
}
