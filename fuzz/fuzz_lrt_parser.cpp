// Fuzzes the .lrt reader with arbitrary text, and runs what parses: a scene that parses is built
// and the 4x4 pixels at the corner of its own image (its Format, so that extreme resolutions and
// pixel aspect ratios reach the camera) are rendered, one sample each. fuzz/lrt.dict feeds it
// extreme numbers. Every input must end in a picture or a SceneError
// (or a runtime error such as an unreadable file); a crash, a hang or a logic error is a bug.
#include "render_corner.h"
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/core/scene_error.h"
#include "renderer/parser/parser.h"

#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto frames =
            lrt::parseSceneString(std::string(reinterpret_cast<const char*>(data), size),
                                  "fuzz.lrt", lrt::registeredVocabulary(), "/nonexistent");
        renderCorner(frames.front());
    } catch (const lrt::SceneError&) {
    } catch (const std::runtime_error&) {
    }
    return 0;
}
