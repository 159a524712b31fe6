// The scene error's message: every diagnostic it carries, as compilers print them.
#include "renderer/core/scene_error.h"

#include <utility>

namespace lrt {

SceneError::SceneError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(slvm::formatDiagnostics(diagnostics)),
      diagnostics_(std::move(diagnostics)) {}

} // namespace lrt
