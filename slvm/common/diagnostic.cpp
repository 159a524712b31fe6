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

namespace {

// A quoted line is shown as at most this many characters around its column, and a word of a
// message longer than kLongestWord as its first and last few: one mistake is one screenful, however
// long the name or the line it was made on (a megabyte-long token included). A message that
// quotes another file's diagnostics holds their windows whole: kLongestWord exceeds a window.
constexpr std::size_t kShownLineCharacters = 120;
constexpr std::size_t kLongestWord = 128;
constexpr std::size_t kWordHead = 64;
constexpr std::size_t kWordTail = 32;
constexpr std::string_view kEllipsis = "...";

// The byte offset `count` characters after text[at], or text.size().
std::size_t advance(std::string_view text, std::size_t at, std::size_t count) {
    for (; count > 0 && at < text.size(); --count)
        at += characterLength(text, at);
    return std::min(at, text.size());
}

std::size_t characterCount(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t at = 0; at < text.size(); at += characterLength(text, at))
        ++count;
    return count;
}

// `word` as printed: whole, or its head and tail around an ellipsis when it is too long.
std::string shownWord(std::string_view word) {
    const std::size_t count = characterCount(word);
    if (count <= kLongestWord)
        return printableText(word);
    const std::size_t headEnd = advance(word, 0, kWordHead);
    const std::size_t tailStart = advance(word, 0, count - kWordTail);
    return fmt::format("{}{}{}", printableText(word.substr(0, headEnd)), kEllipsis,
                       printableText(word.substr(tailStart)));
}

// The message as printed: printable, with each over-long word (as splitWords finds words) cut.
std::string shownMessage(std::string_view message) {
    std::string out;
    std::size_t at = 0;
    for (const std::string_view word : splitWords(message)) {
        const auto start = static_cast<std::size_t>(word.data() - message.data());
        out += printableText(message.substr(at, start - at));
        out += shownWord(word);
        at = start + word.size();
    }
    return out + printableText(message.substr(at));
}

// The quoted line and its caret line: the whole line when it is short, else a window of it around
// the column, with an ellipsis on each side that was cut.
std::string quotedLine(std::string_view line, int column) {
    const std::size_t count = characterCount(line);
    const std::size_t caret = column > 0 ? static_cast<std::size_t>(column - 1) : 0;
    std::size_t first = 0, last = count;
    if (count > kShownLineCharacters) {
        first = caret > kShownLineCharacters / 2 ? caret - kShownLineCharacters / 2 : 0;
        last = std::min(count, first + kShownLineCharacters);
        first = last - kShownLineCharacters;
    }
    const std::size_t begin = advance(line, 0, first);
    const std::size_t end = advance(line, begin, last - first);
    const std::string_view before = first > 0 ? kEllipsis : "";
    const std::string_view after = last < count ? kEllipsis : "";
    std::string out =
        fmt::format("    {}{}{}\n", before, printableText(line.substr(begin, end - begin)), after);
    if (column <= 0)
        return out;
    // Pads as wide as what is shown before the column, keeping tabs, so that the caret lines up
    // with the quoted line in a terminal.
    std::string pad(before.size(), ' ');
    for (std::size_t at = begin, i = first; i < caret && at < end; ++i) {
        const std::size_t length = characterLength(line, at);
        if (line[at] == '\t')
            pad += '\t';
        else
            pad.append(static_cast<std::size_t>(printableWidth(line.substr(at), length)), ' ');
        at += length;
    }
    return out + fmt::format("    {}^\n", pad);
}

} // namespace

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
                       shownMessage(d.message));
    if (!d.sourceLine.empty())
        out += quotedLine(d.sourceLine, d.where.column);
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
