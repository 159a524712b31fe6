// The T-Language lexer.
#include "compiler/frontends/tl/lexer.h"

#include "slvm/common/number.h"

#include <cctype>
#include <cmath>
#include <fmt/format.h>

namespace compiler::tl {

namespace {

bool isIdentifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentifierPart(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isDigit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

class Lexer {
public:
    Lexer(const slvm::SourceText& source, std::vector<slvm::Diagnostic>& errors)
        : source_(source), text_(source.text()), errors_(errors) {}

    std::vector<Token> run() {
        bool lineStart = true;
        while (at_ < text_.size()) {
            if (const std::size_t end = slvm::lineEndLength(text_, at_)) {
                at_ += end;
                lineStart = true;
                continue;
            }
            if (const std::size_t space = slvm::whiteSpaceLength(text_, at_)) {
                at_ += space;
                continue;
            }
            if (text_.compare(at_, 2, "//") == 0) {
                while (at_ < text_.size() && slvm::lineEndLength(text_, at_) == 0)
                    ++at_;
                continue;
            }
            if (text_.compare(at_, 2, "/*") == 0) {
                const std::size_t close = text_.find("*/", at_ + 2);
                if (close == std::string_view::npos) {
                    fail(at_, "unterminated comment: expected */");
                    at_ = text_.size();
                    break;
                }
                lineStart = lineStart ||
                            text_.substr(at_, close - at_).find('\n') != std::string_view::npos;
                at_ = close + 2;
                continue;
            }
            Token token = next();
            token.startsLine = lineStart;
            lineStart = false;
            if (token.kind != TokenKind::End)
                tokens_.push_back(std::move(token));
        }
        Token end;
        end.where = source_.locate(text_.size());
        tokens_.push_back(end);
        return std::move(tokens_);
    }

private:
    void fail(std::size_t offset, std::string message) {
        errors_.emplace_back(slvm::Severity::Error, source_.locate(offset), std::move(message));
    }

    Token make(TokenKind kind, std::size_t start, std::size_t end) {
        Token token;
        token.kind = kind;
        token.text = std::string(text_.substr(start, end - start));
        token.where = source_.locate(start);
        return token;
    }

    Token next() {
        const std::size_t start = at_;
        const char c = text_[at_];
        // After a '.', the word is a swizzle: x, y and z, each perhaps negated (sign control).
        if (!tokens_.empty() && tokens_.back().kind == TokenKind::Punctuator &&
            tokens_.back().text == "." && (c == '-' || c == 'x' || c == 'y' || c == 'z')) {
            std::size_t end = at_;
            int components = 0;
            while (end < text_.size() && components < 3) {
                const std::size_t sign = text_[end] == '-' ? 1 : 0;
                if (end + sign >= text_.size() ||
                    std::string_view("xyz").find(text_[end + sign]) == std::string_view::npos)
                    break;
                end += sign + 1;
                ++components;
            }
            if (components > 0 && (end >= text_.size() || !isIdentifierPart(text_[end]))) {
                at_ = end;
                return make(TokenKind::Swizzle, start, end);
            }
        }
        if (c == '#') {
            std::size_t end = at_ + 1;
            while (end < text_.size() && isIdentifierPart(text_[end]))
                ++end;
            at_ = end;
            return make(TokenKind::Directive, start, end);
        }
        if (isIdentifierStart(c)) {
            std::size_t end = at_;
            while (end < text_.size() && isIdentifierPart(text_[end]))
                ++end;
            at_ = end;
            return make(TokenKind::Identifier, start, end);
        }
        if (isDigit(c) || (c == '.' && at_ + 1 < text_.size() && isDigit(text_[at_ + 1])))
            return number();
        if (c == '"') {
            const std::size_t close = text_.find('"', at_ + 1);
            const std::size_t line = text_.find('\n', at_ + 1);
            if (close == std::string_view::npos || close > line) {
                fail(at_, "unterminated string: expected \"");
                at_ = line == std::string_view::npos ? text_.size() : line;
                return {};
            }
            at_ = close + 1;
            Token token = make(TokenKind::String, start + 1, close);
            token.where = source_.locate(start);
            return token;
        }
        for (const std::string_view punctuator :
             {"++", "--", "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||"})
            if (text_.compare(at_, punctuator.size(), punctuator) == 0) {
                at_ += punctuator.size();
                return make(TokenKind::Punctuator, start, at_);
            }
        if (std::string_view("+-*/=<>!(){},;.[]").find(c) != std::string_view::npos) {
            ++at_;
            return make(TokenKind::Punctuator, start, at_);
        }
        fail(at_, fmt::format("unexpected character {}", slvm::describeCharacter(text_, at_)));
        at_ += slvm::characterLength(text_, at_);
        return {};
    }

    // 1234, 2.5, 1e-3, 0xCAFE, 0b101, and fixed point: 17fp3.14159265 (the value 3.14159265,
    // written for scale 17).
    Token number() {
        const std::size_t start = at_;
        std::size_t end = at_;
        while (end < text_.size() && (isIdentifierPart(text_[end]) || text_[end] == '.' ||
                                      ((text_[end] == '-' || text_[end] == '+') && end > start &&
                                       (text_[end - 1] == 'e' || text_[end - 1] == 'E') &&
                                       text_.substr(start, 2) != "0x")))
            ++end;
        at_ = end;
        Token token = make(TokenKind::Number, start, end);
        const std::string& spelling = token.text;
        std::string digits = spelling;
        int base = 10;
        if (spelling.size() > 2 && spelling[0] == '0' && (spelling[1] == 'x' || spelling[1] == 'X'))
            base = 16, digits = spelling.substr(2);
        else if (spelling.size() > 2 && spelling[0] == '0' &&
                 (spelling[1] == 'b' || spelling[1] == 'B'))
            base = 2, digits = spelling.substr(2);
        else if (const auto fp = spelling.find("fp"); fp != std::string::npos && fp > 0) {
            // Nfp: the scale N is how THEIA stores the value; lrt's floats store the value.
            const std::string scale = spelling.substr(0, fp);
            if (scale.find_first_not_of("0123456789") != std::string::npos || std::stoi(scale) > 31)
                return invalidNumber(token,
                                     "a fixed-point scale is a whole number of bits up to 31");
            digits = spelling.substr(fp + 2);
        }
        if (base != 10) {
            if (digits.empty() || digits.size() > (base == 16 ? 8u : 32u) ||
                digits.find_first_not_of(base == 16 ? "0123456789abcdefABCDEF" : "01") !=
                    std::string::npos)
                return invalidNumber(token, base == 16 ? "up to 8 hexadecimal digits after 0x"
                                                       : "up to 32 binary digits after 0b");
            token.number = static_cast<double>(std::stoull(digits, nullptr, base));
            return token;
        }
        if (!slvm::isFloatLiteralSyntax(digits) || digits[0] == '+' || digits[0] == '-')
            return invalidNumber(token,
                                 "a decimal, 0x hexadecimal, 0b binary or Nfp fixed-point number");
        const slvm::DecimalFloat converted = slvm::decimalToFloat(digits);
        if (converted.range != slvm::FloatRange::Within) {
            errors_.emplace_back(slvm::Severity::Error, token.where,
                                 slvm::floatRangeError(token.text, converted.range));
            token.number = 0;
            return token;
        }
        token.number = std::stod(digits);
        return token;
    }

    Token invalidNumber(Token token, const char* expected) {
        errors_.emplace_back(
            slvm::Severity::Error, token.where,
            fmt::format("malformed number '{}': expected {}", token.text, expected));
        token.number = 0;
        return token;
    }

    const slvm::SourceText& source_;
    std::string_view text_;
    std::vector<slvm::Diagnostic>& errors_;
    std::vector<Token> tokens_;
    std::size_t at_ = 0;
};

} // namespace

std::vector<Token> tokenize(const slvm::SourceText& source, std::vector<slvm::Diagnostic>& errors) {
    return Lexer(source, errors).run();
}

} // namespace compiler::tl
