// Recognising and converting Cg's numeric literals.
#include "compiler/frontends/cg/literals.h"

#include "slvm/common/number.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <fmt/format.h>

namespace compiler::cg {

namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// C's floating literals with Cg's suffixes: 1.5, .5, 3., 2e-3, 1.5f, 0.5h, 2.0x, 2f (by hand:
// std::regex trips GCC 12's -Wmaybe-uninitialized in the sanitizer build).
bool isFloatLiteral(std::string_view text) {
    std::size_t at = 0, digits = 0;
    while (at < text.size() && isDigit(text[at]))
        ++at, ++digits;
    const bool point = at < text.size() && text[at] == '.';
    if (point)
        for (++at; at < text.size() && isDigit(text[at]); ++at)
            ++digits;
    if (digits == 0)
        return false;
    bool exponent = false;
    if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
        ++at;
        if (at < text.size() && (text[at] == '+' || text[at] == '-'))
            ++at;
        const std::size_t start = at;
        while (at < text.size() && isDigit(text[at]))
            ++at;
        if (at == start)
            return false;
        exponent = true;
    }
    const std::string_view suffix = text.substr(at);
    const bool suffixed =
        suffix.size() == 1 && std::string_view("fFhHxX").find(suffix[0]) != std::string_view::npos;
    if (!suffix.empty() && !suffixed)
        return false;
    // 12 is an integer; 12f (but not 12x, an integer's suffix in C) is a float.
    return point || exponent ||
           (suffixed && std::string_view("fFhH").find(suffix[0]) != std::string_view::npos);
}

// C's integer literals: 0x1F, 017, 12, with an optional u or l.
bool isIntegerLiteral(std::string_view text) {
    if (!text.empty() && std::string_view("uUlL").find(text.back()) != std::string_view::npos)
        text.remove_suffix(1);
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        return text.substr(2).find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
    if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos)
        return false;
    return text[0] != '0' || text.find_first_of("89") == std::string_view::npos;
}

} // namespace

Literal readLiteral(std::string_view token) {
    std::string text(token);
    Literal literal;
    if (isFloatLiteral(text)) {
        while (std::isalpha(static_cast<unsigned char>(text.back())) && text.back() != 'e' &&
               text.back() != 'E')
            text.pop_back();
        const slvm::DecimalFloat converted = slvm::decimalToFloat(text);
        if (converted.range != slvm::FloatRange::Within)
            literal.error = slvm::floatRangeError(std::string(token), converted.range);
        else
            literal.value = std::stod(text);
        literal.isFloat = true;
    } else if (isIntegerLiteral(text)) {
        while (std::isalpha(static_cast<unsigned char>(text.back())) &&
               !(text.size() > 2 && (text[1] == 'x' || text[1] == 'X') &&
                 std::isxdigit(static_cast<unsigned char>(text.back()))))
            text.pop_back();
        errno = 0;
        const unsigned long long integer = std::strtoull(text.c_str(), nullptr, 0);
        if (errno == ERANGE)
            literal.error = fmt::format("integer '{}' is outside the range of an integer "
                                        "literal: at most 18446744073709551615",
                                        token);
        literal.value = static_cast<double>(integer);
    } else {
        literal.error = fmt::format("malformed number '{}'", token);
    }
    return literal;
}

} // namespace compiler::cg
