// The Cg lexer, over the shared Scanner (so columns, line ends and Unicode spaces are counted as
// in every other lrt language).
#include "compiler/frontends/cg/lexer.h"

#include <array>
#include <cctype>
#include <fmt/format.h>
#include <string_view>

namespace compiler::cg {

namespace {

// Longest first, so "<<=" wins over "<<" and "<".
constexpr std::array<std::string_view, 47> kPunctuators = {
    "<<=", ">>=", "...", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
    "^=",  "<<",  ">>",  "<=", ">=", "==", "!=", "&&", "||", "::", "##", "{",
    "}",   "(",   ")",   "[",  "]",  ";",  ",",  ":",  "?",  ".",  "+",  "-",
    "*",   "/",   "%",   "<",  ">",  "=",  "!",  "~",  "&",  "|",  "^"};

bool identifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool identifierPart(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

} // namespace

std::vector<Token> tokenize(const slvm::SourceText& source, std::vector<slvm::Diagnostic>& errors) {
    std::vector<Token> tokens;
    slvm::Scanner scanner(source);
    bool lineStart = true;
    bool space = false;
    while (!scanner.atEnd()) {
        if (scanner.atLineEnd()) {
            scanner.advance();
            lineStart = true;
            continue;
        }
        if (scanner.atWhiteSpace()) {
            scanner.advance();
            space = true;
            continue;
        }
        if (scanner.peek() == '\\' &&
            slvm::lineEndLength(source.text(), scanner.offset() + 1) > 0) {
            scanner.advance(); // a line continuation joins the lines
            scanner.advance();
            continue;
        }
        if (scanner.peek() == '/' && scanner.peek(1) == '/') {
            scanner.skipToLineEnd();
            continue;
        }
        if (scanner.peek() == '/' && scanner.peek(1) == '*') {
            const slvm::SourceLocation start = scanner.location();
            scanner.advance();
            scanner.advance();
            while (!scanner.atEnd() && !(scanner.peek() == '*' && scanner.peek(1) == '/'))
                scanner.advance();
            if (scanner.atEnd()) {
                errors.emplace_back(slvm::Severity::Error, start,
                                    "unterminated comment: expected '*/'");
                break;
            }
            scanner.advance();
            scanner.advance();
            space = true;
            continue;
        }
        Token token;
        token.where = scanner.location();
        token.startsLine = lineStart;
        token.spaceBefore = space;
        lineStart = false;
        space = false;
        const std::size_t start = scanner.offset();
        const char c = scanner.peek();
        if (identifierStart(c)) {
            while (identifierPart(scanner.peek()))
                scanner.advance();
            token.kind = TokenKind::Identifier;
        } else if (digit(c) || (c == '.' && digit(scanner.peek(1)))) {
            // A preprocessing number: digits, letters, dots and signed exponents, checked later.
            while (identifierPart(scanner.peek()) || scanner.peek() == '.' ||
                   ((scanner.peek() == '+' || scanner.peek() == '-') &&
                    (scanner.since(start).back() == 'e' || scanner.since(start).back() == 'E') &&
                    !(scanner.since(start).size() > 1 &&
                      (scanner.since(start)[1] == 'x' || scanner.since(start)[1] == 'X'))))
                scanner.advance();
            token.kind = TokenKind::Number;
        } else if (c == '"') {
            scanner.advance();
            while (!scanner.atEnd() && !scanner.atLineEnd() && scanner.peek() != '"')
                scanner.advance();
            if (scanner.peek() != '"') {
                errors.emplace_back(
                    slvm::Severity::Error, token.where,
                    "unterminated string: expected '\"' before the end of the line");
                continue;
            }
            scanner.advance();
            token.kind = TokenKind::String;
        } else {
            const std::string_view rest = source.text().substr(start);
            for (const std::string_view punctuator : kPunctuators)
                if (rest.starts_with(punctuator)) {
                    for (std::size_t i = 0; i < punctuator.size(); ++i)
                        scanner.advance();
                    token.kind = TokenKind::Punctuator;
                    break;
                }
            if (token.kind != TokenKind::Punctuator) {
                if (c == '#') {
                    scanner.advance();
                    token.kind = TokenKind::Punctuator;
                } else {
                    errors.emplace_back(slvm::Severity::Error, token.where,
                                        fmt::format("unexpected character {}", scanner.describe()));
                    scanner.advance();
                    continue;
                }
            }
        }
        token.text = std::string(scanner.since(start));
        tokens.push_back(std::move(token));
    }
    Token end;
    end.kind = TokenKind::End;
    end.where = scanner.location();
    end.startsLine = true;
    tokens.push_back(std::move(end));
    return tokens;
}

} // namespace compiler::cg
