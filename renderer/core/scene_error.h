// Errors in a scene: they name file:line:column and say what was expected, and nothing is rendered.
// Every part of the renderer that reads scene input reports through this one exception; one that
// carries several errors (a scene with three typos) reports them all at once.
#pragma once

#include "slvm/common/diagnostic.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace lrt {

using slvm::Diagnostic;
using slvm::SourceLocation;

class SceneError : public std::runtime_error {
public:
    SceneError(const SourceLocation& where, std::string message)
        : SceneError(Diagnostic(slvm::Severity::Error, where, std::move(message))) {}
    explicit SceneError(Diagnostic diagnostic)
        : SceneError(std::vector<Diagnostic>{std::move(diagnostic)}) {}
    // An error at `where` about another file (a shader that does not compile), whose own
    // diagnostics are its causes (Diagnostic::causes).
    SceneError(const SourceLocation& where, std::string message, std::vector<Diagnostic> causes)
        : SceneError(withCauses(Diagnostic(slvm::Severity::Error, where, std::move(message)),
                                std::move(causes))) {}
    // `diagnostics` must not be empty.
    explicit SceneError(std::vector<Diagnostic> diagnostics);

    // The first error (where a single-error caller looks).
    const Diagnostic::Location& where() const { return diagnostics_.front().where; }
    const Diagnostic& diagnostic() const { return diagnostics_.front(); }
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

private:
    static Diagnostic withCauses(Diagnostic diagnostic, std::vector<Diagnostic> causes) {
        diagnostic.causes = std::move(causes);
        return diagnostic;
    }

    std::vector<Diagnostic> diagnostics_;
};

} // namespace lrt
