// Writing and reading source-line notes.
#include "slvm/common/source_line_note.h"

#include <charconv>
#include <fmt/format.h>

namespace slvm {

std::string sourceLineNote(const SourceLocation& where) {
    const std::string_view line = where.source ? where.source->line(where.line) : "";
    const auto start = line.find_first_not_of(" \t");
    return fmt::format("{}:{}: {}", where.file, where.line,
                       start == std::string_view::npos ? "" : line.substr(start));
}

std::optional<SourceLine> readSourceLineNote(std::string_view comment) {
    const auto first = comment.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return std::nullopt;
    comment.remove_prefix(first);
    // The file may hold ':' itself (C:\...): the note's line number is the first ":digits:".
    for (std::size_t colon = comment.find(':'); colon != std::string_view::npos;
         colon = comment.find(':', colon + 1)) {
        const std::size_t end = comment.find(':', colon + 1);
        if (colon == 0 || end == std::string_view::npos || end == colon + 1)
            continue;
        int line = 0;
        const char* begin = comment.data() + colon + 1;
        const auto [stop, error] = std::from_chars(begin, comment.data() + end, line);
        if (error != std::errc() || stop != comment.data() + end || line < 1)
            continue;
        std::string_view text = comment.substr(end + 1);
        if (!text.empty() && text.front() == ' ')
            text.remove_prefix(1);
        while (!text.empty() && (text.back() == '\r' || text.back() == ' '))
            text.remove_suffix(1);
        return SourceLine{std::string(comment.substr(0, colon)), line, std::string(text)};
    }
    return std::nullopt;
}

} // namespace slvm
