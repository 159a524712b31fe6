// Reading "#const c[N] = x y z w" lines: a small scanner over one comment line at a time.
#include "slvm/vp2/constant_declarations.h"

#include "slvm/common/number.h"

#include <cctype>
#include <fmt/format.h>
#include <optional>
#include <set>

namespace slvm::vp2 {

namespace {

constexpr std::string_view kForm = "expected '#const c[N] = x [y [z [w]]]', the form NVIDIA's "
                                   "cgc writes";

// One line, scanned left to right; `at` is a byte offset into it.
class DeclarationLine {
public:
    DeclarationLine(const SourceText& source, int number)
        : source_(source), number_(number), text_(source.line(number)) {}

    // Whether the line's first word is #const (after white space).
    bool declares() {
        skipBlanks();
        if (!text_.substr(at_).starts_with("#const"))
            return false;
        const std::size_t after = at_ + 6;
        if (after < text_.size() && whiteSpaceLength(text_, after) == 0)
            return false; // #constant, #const_table: another comment
        at_ = after;
        return true;
    }

    std::optional<ConstantDeclaration> read(std::vector<Diagnostic>& errors) {
        ConstantDeclaration declaration;
        skipBlanks();
        declaration.where = position();
        if (!take("c[")) {
            errors.push_back(error(fmt::format("malformed constant declaration: {}", kForm)));
            return std::nullopt;
        }
        const std::size_t digits = at_;
        while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_])))
            ++at_;
        const std::string_view index = text_.substr(digits, at_ - digits);
        if (index.empty() || index.size() > 9 || !take("]")) {
            errors.push_back(error(fmt::format(
                "malformed constant declaration: the register number is a decimal integer; {}",
                kForm)));
            return std::nullopt;
        }
        declaration.index = std::stoi(std::string(index));
        skipBlanks();
        if (!take("=")) {
            errors.push_back(error(fmt::format("malformed constant declaration: {}", kForm)));
            return std::nullopt;
        }
        int components = 0;
        for (skipBlanks(); at_ < text_.size(); skipBlanks()) {
            const Position where = position();
            const std::size_t start = at_;
            while (at_ < text_.size() && whiteSpaceLength(text_, at_) == 0)
                ++at_;
            const std::string_view word = text_.substr(start, at_ - start);
            if (components == 4) {
                errors.push_back(errorAt(where, fmt::format("constant declaration of c[{}] has "
                                                            "more than four numbers",
                                                            declaration.index)));
                return std::nullopt;
            }
            if (!isFloatLiteralSyntax(word)) {
                errors.push_back(errorAt(
                    where, fmt::format("'{}' is not a number: {}", printableText(word), kForm)));
                return std::nullopt;
            }
            const DecimalFloat converted = decimalToFloat(word);
            if (converted.range != FloatRange::Within) {
                errors.push_back(errorAt(where, floatRangeError(word, converted.range)));
                return std::nullopt;
            }
            declaration.value[static_cast<std::size_t>(components++)] = converted.value;
        }
        if (components == 0) {
            errors.push_back(error(fmt::format("constant declaration of c[{}] has no value: {}",
                                               declaration.index, kForm)));
            return std::nullopt;
        }
        return declaration;
    }

private:
    void skipBlanks() {
        while (at_ < text_.size())
            if (const std::size_t n = whiteSpaceLength(text_, at_); n > 0)
                at_ += n;
            else
                break;
    }
    bool take(std::string_view word) {
        if (!text_.substr(at_).starts_with(word))
            return false;
        at_ += word.size();
        return true;
    }
    Position position() const { return {number_, characterCount(text_.substr(0, at_)) + 1}; }
    Diagnostic errorAt(Position p, std::string message) const {
        return {Severity::Error,
                {source_.name(), p.line, p.column},
                std::move(message),
                source_.line(p.line)};
    }
    Diagnostic error(std::string message) const { return errorAt(position(), std::move(message)); }

    const SourceText& source_;
    int number_;
    std::string_view text_;
    std::size_t at_ = 0;
};

} // namespace

std::vector<ConstantDeclaration> readConstantDeclarations(const SourceText& source,
                                                          std::vector<Diagnostic>& errors) {
    std::vector<ConstantDeclaration> declarations;
    std::set<std::int32_t> declared;
    for (int line = 1; line <= source.lineCount(); ++line) {
        DeclarationLine text(source, line);
        if (!text.declares())
            continue;
        const auto declaration = text.read(errors);
        if (!declaration)
            continue;
        if (!declared.insert(declaration->index).second) {
            errors.push_back({Severity::Error,
                              {source.name(), line, declaration->where.column},
                              fmt::format("c[{}] is declared twice", declaration->index),
                              source.line(line)});
            continue;
        }
        declarations.push_back(*declaration);
    }
    return declarations;
}

} // namespace slvm::vp2
