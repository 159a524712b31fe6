// Fuzzes the .lrt scene parser with arbitrary text: it must either describe the scene or reject
// it with a SceneError, never crash or hang.
#include "renderer/core/scene_error.h"
#include "renderer/parser/parser.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        lrt::parseSceneString(std::string(reinterpret_cast<const char*>(data), size), "fuzz.lrt",
                              "/nonexistent");
    } catch (const lrt::SceneError&) {
    }
    return 0;
}
