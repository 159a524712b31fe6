// Fuzzes the pbrt-v4 importer with arbitrary text, and runs what imports: a scene that imports is
// built and the 4x4 pixels at the corner of its own image are rendered, one sample each.
// fuzz/pbrt.dict feeds it pbrt-v4's statements, types and extreme numbers. Every input must end
// in a picture or a SceneError (or a runtime error such as an unreadable file); a crash, a hang or
// a logic error is a bug.
#include "render_corner.h"
#include "renderer/core/scene_error.h"
#include "renderer/pbrt/pbrt_scene.h"

#include <stdexcept>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto frames = lrt::parsePbrtString(
            std::string(reinterpret_cast<const char*>(data), size), "fuzz.pbrt", "/nonexistent");
        renderCorner(frames.front());
    } catch (const lrt::SceneError&) {
    } catch (const std::runtime_error&) {
    }
    return 0;
}
