// The source-line note of generated assembly.
#include "compiler/backends/source_line_note.h"

#include <fmt/format.h>

namespace compiler::backends {

std::string sourceLineNote(const slvm::SourceLocation& where) {
    const std::string_view line = where.source ? where.source->line(where.line) : "";
    const auto start = line.find_first_not_of(" \t");
    return fmt::format("{}:{}: {}", where.file, where.line,
                       start == std::string_view::npos ? "" : line.substr(start));
}

} // namespace compiler::backends
