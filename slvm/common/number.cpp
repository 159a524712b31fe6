// Strict literal scanning; the conversion itself is left to the C library.
#include "slvm/common/number.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <limits>
#include <string>

namespace slvm {

namespace {
bool isDigit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// Index past a run of digits starting at i.
std::size_t skipDigits(std::string_view s, std::size_t i) {
    while (i < s.size() && isDigit(s[i]))
        ++i;
    return i;
}
} // namespace

bool looksNumeric(std::string_view text) {
    return !text.empty() &&
           (isDigit(text[0]) || text[0] == '.' || text[0] == '+' || text[0] == '-');
}

bool isFloatLiteralSyntax(std::string_view text) {
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-'))
        ++i;
    const std::size_t intStart = i;
    i = skipDigits(text, i);
    bool haveDigits = i > intStart;
    if (i < text.size() && text[i] == '.') {
        const std::size_t fracStart = ++i;
        i = skipDigits(text, i);
        haveDigits = haveDigits || i > fracStart;
    }
    if (!haveDigits)
        return false;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            ++i;
        const std::size_t expStart = i;
        i = skipDigits(text, i);
        if (i == expStart)
            return false;
    }
    return i == text.size();
}

DecimalFloat decimalToFloat(std::string_view literal) {
    const std::string copy(literal);
    DecimalFloat result{std::strtof(copy.c_str(), nullptr), FloatRange::Within};
    // The mantissa's digits say whether the literal means zero, whatever its exponent.
    const std::string_view mantissa = literal.substr(0, literal.find_first_of("eE"));
    const bool zero = mantissa.find_first_of("123456789") == std::string_view::npos;
    if (std::isinf(result.value))
        result.range = FloatRange::Overflow;
    else if (!zero && std::fabs(result.value) < std::numeric_limits<float>::min())
        result.range = FloatRange::Underflow;
    return result;
}

std::string floatRangeError(std::string_view spelling, FloatRange range) {
    switch (range) {
    case FloatRange::Within:
        break;
    case FloatRange::Overflow:
        return fmt::format("number '{}' is outside float's range: its magnitude must be at most "
                           "3.40282347e+38",
                           spelling);
    case FloatRange::Underflow:
        return fmt::format("number '{}' underflows float: a non-zero number's magnitude must be "
                           "at least 1.17549435e-38, the smallest normal float (write 0 for zero)",
                           spelling);
    }
    return {};
}

std::optional<float> parseFloatLiteral(std::string_view text) {
    if (!isFloatLiteralSyntax(text))
        return std::nullopt;
    const std::string copy(text);
    const float value = std::strtof(copy.c_str(), nullptr);
    if (std::isinf(value))
        return std::nullopt;
    return value;
}

std::optional<float> parseProgramFloatLiteral(std::string_view text) {
    if (!isFloatLiteralSyntax(text))
        return std::nullopt;
    const DecimalFloat converted = decimalToFloat(text);
    if (converted.range != FloatRange::Within)
        return std::nullopt;
    return converted.value;
}

std::optional<std::int32_t> parseIntegerLiteral(std::string_view text) {
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-'))
        ++i;
    if (i == text.size() || skipDigits(text, i) != text.size())
        return std::nullopt;
    if (text.size() - i > 10)
        return std::nullopt;
    const long long value = std::stoll(std::string(text));
    if (value < INT32_MIN || value > INT32_MAX)
        return std::nullopt;
    return static_cast<std::int32_t>(value);
}

} // namespace slvm
