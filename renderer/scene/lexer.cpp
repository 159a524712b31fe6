// A hand-written scanner: the format is small and errors must point at exact columns.
#include "renderer/scene/lexer.h"

#include "slvm/common/number.h"

#include <cctype>
#include <fmt/format.h>

namespace lrt {

Lexer::Lexer(std::string source, std::string fileName)
    : source_(std::move(source)), fileName_(std::move(fileName)) {}

char Lexer::advance() {
    const char c = source_[position_++];
    if (c == '\n') {
        ++line_;
        column_ = 1;
    } else {
        ++column_;
    }
    return c;
}

Token Lexer::next() {
    while (position_ < source_.size()) {
        const char c = peek();
        if (c == '#') {
            while (position_ < source_.size() && peek() != '\n')
                advance();
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            advance();
        } else {
            break;
        }
    }
    Token token;
    token.where = here();
    if (position_ >= source_.size())
        return token;

    const char c = peek();
    if (c == '[' || c == ']') {
        advance();
        token.type = c == '[' ? Token::Type::LeftBracket : Token::Type::RightBracket;
        token.text = std::string(1, c);
        return token;
    }
    if (c == '"') {
        advance();
        token.type = Token::Type::String;
        while (true) {
            if (position_ >= source_.size() || peek() == '\n')
                throw SceneError(token.where,
                                 "unterminated string: expected a closing '\"' on the same line");
            const char d = advance();
            if (d == '"')
                break;
            if (d == '\\' && position_ < source_.size()) {
                const char e = advance();
                token.text += e == 'n' ? '\n' : e == 't' ? '\t' : e;
            } else {
                token.text += d;
            }
        }
        return token;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        token.type = Token::Type::Identifier;
        while (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_')
            token.text += advance();
        return token;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.') {
        token.type = Token::Type::Number;
        while (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '.' || peek() == '-' ||
               peek() == '+')
            token.text += advance();
        const auto value = slvm::parseFloatLiteral(token.text);
        if (!value)
            throw SceneError(token.where, fmt::format("malformed number '{}'", token.text));
        // Keep integers exact beyond float precision (indices of big meshes).
        const auto integer = slvm::parseIntegerLiteral(token.text);
        token.number = integer ? static_cast<double>(*integer) : static_cast<double>(*value);
        return token;
    }
    throw SceneError(token.where, fmt::format("unexpected character '{}'", c));
}

} // namespace lrt
