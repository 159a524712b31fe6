// Formatting of diagnostics in the compiler-style "file:line:column: error:" form.
#include "slvm/common/diagnostic.h"

#include <algorithm>
#include <climits>
#include <fmt/format.h>
#include <utility>

namespace slvm {

std::string_view severityName(Severity severity) {
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "error";
}

Diagnostic fileDiagnostic(std::string file, std::string message) {
    Diagnostic d;
    d.where.file = std::move(file);
    d.message = std::move(message);
    return d;
}

void sortBySource(std::vector<Diagnostic>& diagnostics) {
    const auto key = [](const Diagnostic& d) {
        return std::pair(d.where.line > 0 ? d.where.line : INT_MAX, d.where.column);
    };
    std::stable_sort(diagnostics.begin(), diagnostics.end(),
                     [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
}

Diagnostic::Diagnostic(Severity severity, const SourceLocation& where, std::string message,
                       std::string_view sourceLine)
    : severity(severity), where{std::string(where.file), where.line, where.column},
      message(std::move(message)), sourceLine(sourceLine) {
    if (where.source == nullptr)
        return;
    if (this->sourceLine.empty())
        this->sourceLine = where.source->line(where.line);
    for (const SourceText* text = where.source; text && !text->includedFrom().file.empty();
         text = text->includedFrom().source) {
        const SourceLocation& from = text->includedFrom();
        includedFrom.push_back({std::string(from.file), from.line, from.column});
    }
}

// Everything printed goes through printableText: file names and quoted lines may hold any bytes,
// and tools that read stderr as UTF-8 must not choke on them.
std::string formatDiagnostic(const Diagnostic& d) {
    std::string out = printableText(d.where.file);
    if (d.where.line > 0) {
        out += fmt::format(":{}", d.where.line);
        if (d.where.column > 0)
            out += fmt::format(":{}", d.where.column);
    }
    // A diagnostic about no file in particular (a render's dropped samples) has no place.
    out += fmt::format("{}{}: {}\n", out.empty() ? "" : ": ", severityName(d.severity),
                       printableText(d.message));
    if (!d.sourceLine.empty()) {
        out += fmt::format("    {}\n", printableText(d.sourceLine));
        if (d.where.column > 0) {
            // Pads as wide as what is shown before the column, keeping tabs, so that the caret
            // lines up with the quoted line in a terminal.
            std::string pad;
            const std::string_view line = d.sourceLine;
            std::size_t at = 0;
            for (int i = 1; i < d.where.column && at < line.size(); ++i) {
                const std::size_t length = characterLength(line, at);
                if (line[at] == '\t')
                    pad += '\t';
                else
                    pad.append(static_cast<std::size_t>(printableWidth(line.substr(at), length)),
                               ' ');
                at += length;
            }
            out += fmt::format("    {}^\n", pad);
        }
    }
    for (const Diagnostic::Location& from : d.includedFrom)
        out += fmt::format("  included from {}:{}:{}\n", printableText(from.file), from.line,
                           from.column);
    return out;
}

std::string formatDiagnostics(const std::vector<Diagnostic>& diagnostics) {
    std::string out;
    for (const Diagnostic& d : diagnostics)
        out += formatDiagnostic(d);
    return out;
}

ProgramError::ProgramError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(formatDiagnostics(diagnostics)), diagnostics_(std::move(diagnostics)) {}

} // namespace slvm
