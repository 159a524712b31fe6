// Errors in a scene: they name file:line:column and say what was expected, and nothing is rendered.
// Every part of the renderer that reads scene input reports through this one exception.
#pragma once

#include "slvm/common/diagnostic.h"

#include <stdexcept>
#include <string>

namespace lrt {

using slvm::Diagnostic;
using slvm::SourceLocation;

class SceneError : public std::runtime_error {
public:
    SceneError(const SourceLocation& where, std::string message)
        : SceneError(Diagnostic(slvm::Severity::Error, where, std::move(message))) {}
    explicit SceneError(Diagnostic diagnostic)
        : std::runtime_error(slvm::formatDiagnostic(diagnostic)),
          diagnostic_(std::move(diagnostic)) {}

    const Diagnostic::Location& where() const { return diagnostic_.where; }
    const Diagnostic& diagnostic() const { return diagnostic_; }

private:
    Diagnostic diagnostic_;
};

} // namespace lrt
