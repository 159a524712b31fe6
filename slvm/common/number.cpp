// Strict literal scanning; the conversion itself is left to the C library.
#include "slvm/common/number.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
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

std::optional<float> parseFloatLiteral(std::string_view text) {
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
        return std::nullopt;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            ++i;
        const std::size_t expStart = i;
        i = skipDigits(text, i);
        if (i == expStart)
            return std::nullopt;
    }
    if (i != text.size())
        return std::nullopt;
    const std::string copy(text);
    const float value = std::strtof(copy.c_str(), nullptr);
    if (std::isinf(value))
        return std::nullopt;
    return value;
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
