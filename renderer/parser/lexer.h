// Tokens of the .lrt scene format: statement names, quoted strings, numbers and brackets, read
// from a SourceText with the shared scanner (so Unicode white space and CR LF read as in every
// other language of lrt).
#pragma once

#include "renderer/core/scene_error.h"
#include "slvm/common/source_text.h"

#include <string>

namespace lrt {

struct Token {
    enum class Type { Identifier, String, Number, LeftBracket, RightBracket, End } type = Type::End;
    std::string text; // the string's contents (unescaped) for String, the spelling otherwise
    double number = 0;
    SourceLocation where;
};

class Lexer {
public:
    // `source` must outlive the lexer and the tokens' locations.
    explicit Lexer(const slvm::SourceText& source) : scanner_(source) {}
    // Throws SceneError for an unterminated string, a malformed number or a stray character.
    Token next();
    // Skips the rest of the line, to go on after an error.
    void skipLine() { scanner_.skipToLineEnd(); }

private:
    Token string(Token token);
    Token number(Token token);

    slvm::Scanner scanner_;
};

} // namespace lrt
