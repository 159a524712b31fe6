// The note a compiler writes in generated assembly, in the assembly's comment syntax, before the
// first instruction made from a source line: "file:line: the line, trimmed". Assemblers read it
// back, so that a debugger can name the Cg or T-Language line each instruction came from.
#pragma once

#include "slvm/common/source_text.h"

#include <optional>
#include <string>
#include <string_view>

namespace slvm {

// "file:line: text" for `where`, whose line must be at least 1.
std::string sourceLineNote(const SourceLocation& where);

// A source line as a note names it.
struct SourceLine {
    std::string file;
    int line = 0;
    std::string text;
    friend bool operator==(const SourceLine&, const SourceLine&) = default;
};

// The source line a comment's text (after its comment mark) names, when it is a note; nothing
// for any other comment.
std::optional<SourceLine> readSourceLineNote(std::string_view comment);

} // namespace slvm
