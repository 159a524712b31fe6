// A hand-written scanner: the format is small and errors must point at exact columns.
#include "renderer/parser/lexer.h"

#include "slvm/common/number.h"

#include <cctype>
#include <fmt/format.h>

namespace lrt {

namespace {
bool isIdentifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isNumberStart(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.';
}
} // namespace

Token Lexer::next() {
    while (true) {
        scanner_.skipWhiteSpace(true);
        if (scanner_.peek() != '#')
            break;
        scanner_.skipToLineEnd();
    }
    Token token;
    token.where = scanner_.location();
    if (scanner_.atEnd())
        return token;
    const char c = scanner_.peek();
    const std::size_t start = scanner_.offset();
    if (c == '[' || c == ']') {
        scanner_.advance();
        token.type = c == '[' ? Token::Type::LeftBracket : Token::Type::RightBracket;
        token.text = std::string(1, c);
        return token;
    }
    if (c == '"')
        return string(std::move(token));
    if (isIdentifierStart(c)) {
        while (isIdentifierChar(scanner_.peek()))
            scanner_.advance();
        token.type = Token::Type::Identifier;
        token.text = std::string(scanner_.since(start));
        return token;
    }
    if (isNumberStart(c))
        return number(std::move(token));
    throw SceneError(token.where, fmt::format("unexpected character {}", scanner_.describe()));
}

Token Lexer::string(Token token) {
    scanner_.advance(); // the opening quote
    token.type = Token::Type::String;
    while (true) {
        if (scanner_.atEnd() || scanner_.atLineEnd())
            throw SceneError(token.where,
                             "unterminated string: expected a closing '\"' on the same line");
        const char d = scanner_.peek();
        if (d == '"') {
            scanner_.advance();
            return token;
        }
        const std::size_t at = scanner_.offset();
        scanner_.advance();
        if (d == '\\' && !scanner_.atEnd() && !scanner_.atLineEnd()) {
            const char e = scanner_.peek();
            const std::size_t escaped = scanner_.offset();
            scanner_.advance();
            if (e == 'n' || e == 't')
                token.text += e == 'n' ? '\n' : '\t';
            else
                token.text += scanner_.since(escaped); // the whole character, as it is written
        } else {
            token.text += scanner_.since(at); // a whole character, multi-byte ones included
        }
    }
}

Token Lexer::number(Token token) {
    const std::size_t start = scanner_.offset();
    token.type = Token::Type::Number;
    while (std::isalnum(static_cast<unsigned char>(scanner_.peek())) || scanner_.peek() == '.' ||
           scanner_.peek() == '-' || scanner_.peek() == '+')
        scanner_.advance();
    token.text = std::string(scanner_.since(start));
    const auto value = slvm::parseFloatLiteral(token.text);
    if (!value)
        throw SceneError(token.where, fmt::format("malformed number '{}'", token.text));
    // Keep integers exact beyond float precision (indices of big meshes).
    const auto integer = slvm::parseIntegerLiteral(token.text);
    token.number = integer ? static_cast<double>(*integer) : static_cast<double>(*value);
    return token;
}

} // namespace lrt
