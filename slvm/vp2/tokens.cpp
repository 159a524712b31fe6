// A hand-written tokenizer: comments run from '#' to the end of the line.
#include "slvm/vp2/tokens.h"

#include <cctype>
#include <fmt/format.h>

namespace slvm::vp2 {

namespace {
bool isIdentifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
constexpr std::string_view kPunctuation = ",;.[]()|+-:";
} // namespace

std::vector<Token> tokenize(const SourceText& source, std::vector<Diagnostic>& errors) {
    std::vector<Token> tokens;
    Scanner s(source);
    while (true) {
        s.skipWhiteSpace(true);
        if (s.atEnd())
            break;
        const SourceLocation here = s.location();
        const Position at{here.line, here.column};
        const std::size_t start = s.offset();
        const char c = s.peek();
        Token::Kind kind = Token::Kind::Punctuation;
        if (c == '#') {
            s.skipToLineEnd();
            continue;
        } else if (c == '!') {
            while (!s.atEnd() && !s.atWhiteSpace() && !s.atLineEnd() && s.peek() != '#')
                s.advance();
            kind = Token::Kind::Header;
        } else if (isIdentifierStart(c) || std::isdigit(static_cast<unsigned char>(c))) {
            while (isIdentifierChar(s.peek()))
                s.advance();
            kind = isIdentifierStart(c) ? Token::Kind::Identifier : Token::Kind::Integer;
        } else if (kPunctuation.find(c) != std::string_view::npos) {
            s.advance();
        } else {
            errors.emplace_back(Severity::Error, here,
                                fmt::format("unexpected character {}", s.describe()),
                                source.line(here.line));
            s.advance();
            continue;
        }
        tokens.push_back({kind, s.since(start), at});
    }
    const SourceLocation end = s.location();
    tokens.push_back({Token::Kind::End, {}, {end.line, end.column}});
    return tokens;
}

} // namespace slvm::vp2
