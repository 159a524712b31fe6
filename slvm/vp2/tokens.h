// The tokens of vertex program text (spec section 2.14.1.8): identifiers, integers, punctuation
// and the "!!VP2.0" header, with the shared scanner's idea of white space and lines.
#pragma once

#include "slvm/common/diagnostic.h"
#include "slvm/vp2/program.h"

#include <string_view>
#include <vector>

namespace slvm::vp2 {

struct Token {
    enum class Kind { Identifier, Integer, Punctuation, Header, End } kind;
    std::string_view text; // views the source text
    Position where;
};

// Every token of `source`, ending with an End token; a character no token starts with is
// reported in `errors` and skipped.
std::vector<Token> tokenize(const SourceText& source, std::vector<Diagnostic>& errors);

} // namespace slvm::vp2
