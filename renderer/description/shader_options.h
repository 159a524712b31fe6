// How SL shaders run, from the scene's Option "sl".
#pragma once

#include <cstdint>

namespace lrt {

struct ShaderOptions {
    int traceDepth = 5;           // nested `trace` calls allowed ("tracedepth")
    std::uint64_t budget = 65536; // instructions per invocation ("budget")
};

} // namespace lrt
