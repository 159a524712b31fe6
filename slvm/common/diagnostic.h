// Source diagnostics shared by the SL and VP2 toolchains: a location, a message, and the
// exception that carries every diagnostic of a failed assembly or load.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace slvm {

struct SourceLocation {
    std::string file;
    int line = 0;   // 1-based; 0 when the problem is not tied to a line (e.g. a bytecode file)
    int column = 0; // 1-based; 0 when the whole line is meant
};

struct Diagnostic {
    SourceLocation where;
    std::string message;
    std::string sourceLine; // the offending line, quoted under the message when non-empty
};

// A diagnostic about a whole file (a bytecode file, a missing file): no line or column.
Diagnostic fileDiagnostic(std::string file, std::string message);

// "file:line:column: error: message", then the quoted line and a caret under the column.
std::string formatDiagnostic(const Diagnostic& diagnostic);

// Thrown when a program cannot be assembled or loaded; what() holds every diagnostic.
class ProgramError : public std::runtime_error {
public:
    explicit ProgramError(std::vector<Diagnostic> diagnostics);
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

private:
    std::vector<Diagnostic> diagnostics_;
};

} // namespace slvm
