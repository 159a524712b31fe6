// How SL shaders run, from the scene's Option "sl".
#pragma once

#include "slvm/common/execution.h"

#include <cstdint>

namespace lrt {

struct ShaderOptions {
    int traceDepth = 5;                          // nested `trace` calls allowed ("tracedepth")
    std::uint64_t budget = slvm::kDefaultBudget; // instructions per invocation ("budget")
};

} // namespace lrt
