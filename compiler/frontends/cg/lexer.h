// Cg's tokens: identifiers, numbers, strings (for #include), and punctuators, each with where it
// was written. Comments and white space are dropped; a token knows whether it starts its line,
// which is what the preprocessor needs to find directives.
#pragma once

#include "slvm/common/diagnostic.h"
#include "slvm/common/source_text.h"

#include <string>
#include <vector>

namespace compiler::cg {

enum class TokenKind { Identifier, Number, String, Punctuator, End };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    slvm::SourceLocation where;
    bool startsLine = false;
    bool spaceBefore = false; // for #define NAME(...) versus #define NAME (...)
};

// The tokens of `source`, ending with an End token; malformed characters and unterminated
// comments are added to `errors` and skipped.
std::vector<Token> tokenize(const slvm::SourceText& source, std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::cg
