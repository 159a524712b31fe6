// Tokens of the .lrt scene format: statement names, quoted strings, numbers and brackets.
#pragma once

#include "renderer/scene/scene_error.h"

#include <memory>
#include <string>
#include <string_view>

namespace lrt {

struct Token {
    enum class Type { Identifier, String, Number, LeftBracket, RightBracket, End } type = Type::End;
    std::string text; // the string's contents (unescaped) for String, the spelling otherwise
    double number = 0;
    SourceLocation where;
};

class Lexer {
public:
    Lexer(std::string source, std::string fileName);
    // Throws SceneError for an unterminated string, a malformed number or a stray character.
    Token next();
    const std::string& fileName() const { return fileName_; }

private:
    SourceLocation here() const { return {fileName_, line_, column_}; }
    char peek() const { return position_ < source_.size() ? source_[position_] : '\0'; }
    char advance();

    std::string source_;
    std::string fileName_;
    std::size_t position_ = 0;
    int line_ = 1;
    int column_ = 1;
};

} // namespace lrt
