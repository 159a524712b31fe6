// T-Language's tokens: identifiers, numbers (decimal, 0x hexadecimal, 0b binary, and fixed point
// such as 17fp3.14159265), strings (for #include), swizzles with sign control (x-yz, -zy-x: the
// word after a '.'), and punctuators, each with where it was written. Comments and white space
// are dropped; a token knows whether it starts its line, for the preprocessor's directives.
#pragma once

#include "slvm/common/diagnostic.h"
#include "slvm/common/source_text.h"

#include <string>
#include <vector>

namespace compiler::tl {

enum class TokenKind { Identifier, Number, String, Swizzle, Punctuator, Directive, End };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    slvm::SourceLocation where;
    bool startsLine = false;
    double number = 0; // Number: its value
};

// The tokens of `source`, ending with an End token; malformed characters, numbers and
// unterminated comments go to `errors`.
std::vector<Token> tokenize(const slvm::SourceText& source, std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::tl
