// Errors in a scene: they name file:line:column and say what was expected, and nothing is rendered.
#pragma once

#include "slvm/common/diagnostic.h"

#include <stdexcept>
#include <string>

namespace lrt {

using slvm::SourceLocation;

class SceneError : public std::runtime_error {
public:
    SceneError(const SourceLocation& where, const std::string& message)
        : std::runtime_error(format(where, message)), where_(where) {}
    const SourceLocation& where() const { return where_; }

private:
    static std::string format(const SourceLocation& where, const std::string& message) {
        slvm::Diagnostic d;
        d.where = where;
        d.message = message;
        return slvm::formatDiagnostic(d);
    }
    SourceLocation where_;
};

} // namespace lrt
