// Formatting of diagnostics in the compiler-style "file:line:column: error:" form.
#include "slvm/common/diagnostic.h"

#include <fmt/format.h>

namespace slvm {

Diagnostic fileDiagnostic(std::string file, std::string message) {
    Diagnostic d;
    d.where.file = std::move(file);
    d.message = std::move(message);
    return d;
}

std::string formatDiagnostic(const Diagnostic& d) {
    std::string out = d.where.file;
    if (d.where.line > 0) {
        out += fmt::format(":{}", d.where.line);
        if (d.where.column > 0)
            out += fmt::format(":{}", d.where.column);
    }
    out += fmt::format(": error: {}\n", d.message);
    if (!d.sourceLine.empty()) {
        out += fmt::format("    {}\n", d.sourceLine);
        if (d.where.column > 0) {
            // Keep tabs so the caret lines up with the quoted line in a terminal.
            std::string pad;
            for (int i = 0; i < d.where.column - 1 && i < static_cast<int>(d.sourceLine.size());
                 ++i)
                pad += d.sourceLine[i] == '\t' ? '\t' : ' ';
            out += fmt::format("    {}^\n", pad);
        }
    }
    return out;
}

static std::string joinDiagnostics(const std::vector<Diagnostic>& diagnostics) {
    std::string out;
    for (const Diagnostic& d : diagnostics)
        out += formatDiagnostic(d);
    return out;
}

ProgramError::ProgramError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(joinDiagnostics(diagnostics)), diagnostics_(std::move(diagnostics)) {}

} // namespace slvm
