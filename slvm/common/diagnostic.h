// Diagnostics shared by every reader and verifier in lrt: a severity, a location, a message and
// the offending line, formatted the way compilers print them; and the exception that carries
// every error of a program that fails to assemble or load.
#pragma once

#include "slvm/common/source_text.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace slvm {

enum class Severity { Error, Warning, Note };
std::string_view severityName(Severity severity); // "error", "warning", "note"

struct Diagnostic {
    // Where, with its own copy of the file name: a diagnostic outlives the text it is about.
    struct Location {
        std::string file;
        int line = 0;   // 0 when the problem is not tied to a line
        int column = 0; // in characters; 0 when the whole line is meant
    };

    Diagnostic() = default;
    // The quoted line defaults to the one `where` points into, when it knows its text; the
    // include chain comes from that text.
    Diagnostic(Severity severity, const SourceLocation& where, std::string message,
               std::string_view sourceLine = {});

    Severity severity = Severity::Error;
    Location where;
    std::string message;
    std::string sourceLine; // the offending line, quoted under the message when non-empty
    // The statements that included where.file, innermost first ("included from a.lrt:7:1").
    std::vector<Location> includedFrom;
    // The diagnostics of another file that this one reports (a shader that does not compile,
    // reported at its Surface statement, whose message already quotes them): each with its own
    // file, line and column, for tools that mark lines in that file (lrt preview).
    std::vector<Diagnostic> causes;
};

// An error about a whole file (a bytecode file, a missing file): no line or column.
Diagnostic fileDiagnostic(std::string file, std::string message);

// Orders diagnostics as their source reads (stable for equal places); those without a line last.
void sortBySource(std::vector<Diagnostic>& diagnostics);

// "file:line:column: error: message", then the quoted line and a caret under the column, then one
// "  included from file:line:column" per include; just "warning: message" for a diagnostic without
// a file. A line longer than 120 characters is quoted as the 120 around the column, and a word of
// the message longer than 128 as its first 64 and last 32, each cut marked with "...".
std::string formatDiagnostic(const Diagnostic& diagnostic);
// Each of `diagnostics` formatted, one after the other.
std::string formatDiagnostics(const std::vector<Diagnostic>& diagnostics);

// Thrown when a program cannot be assembled or loaded; what() holds every diagnostic.
class ProgramError : public std::runtime_error {
public:
    explicit ProgramError(std::vector<Diagnostic> diagnostics);
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

private:
    std::vector<Diagnostic> diagnostics_;
};

} // namespace slvm
