// UTF-8 decoding just deep enough to find white space, line ends and character boundaries; text is
// otherwise handled as bytes, since every token of lrt's languages is ASCII.
#include "slvm/common/source_text.h"

#include <algorithm>
#include <fmt/format.h>

namespace slvm {

namespace {

// The code point of the valid UTF-8 sequence at text[at] and its length, or length 0.
struct Decoded {
    char32_t codePoint = 0;
    std::size_t length = 0;
};

Decoded decode(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80)
        return {lead, 1};
    const std::size_t length = lead >= 0xF0 && lead < 0xF5   ? 4
                               : lead >= 0xE0 && lead < 0xF0 ? 3
                               : lead >= 0xC2 && lead < 0xE0 ? 2
                                                             : 0;
    if (length == 0 || at + length > text.size())
        return {};
    char32_t code = lead & (0xFF >> (length + 1));
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(i) & 0xC0) != 0x80)
            return {};
        code = (code << 6) | (byte(i) & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not valid UTF-8.
    constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kSmallest[length] || (code >= 0xD800 && code < 0xE000) || code > 0x10FFFF)
        return {};
    return {code, length};
}

bool isUnicodeSpace(char32_t c) {
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F ||
           c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

} // namespace

std::size_t whiteSpaceLength(std::string_view text, std::size_t at) {
    if (at >= text.size())
        return 0;
    const char c = text[at];
    if (c == ' ' || c == '\t' || c == '\v' || c == '\f')
        return 1;
    if (static_cast<unsigned char>(c) < 0x80)
        return 0;
    const Decoded d = decode(text, at);
    return d.length > 0 && isUnicodeSpace(d.codePoint) ? d.length : 0;
}

std::size_t lineEndLength(std::string_view text, std::size_t at) {
    if (at >= text.size())
        return 0;
    if (text[at] == '\n')
        return 1;
    if (text[at] == '\r')
        return at + 1 < text.size() && text[at + 1] == '\n' ? 2 : 1;
    return 0;
}

std::size_t characterLength(std::string_view text, std::size_t at) {
    const std::size_t length = decode(text, at).length;
    return length > 0 ? length : 1;
}

std::string describeCharacter(std::string_view text, std::size_t at) {
    if (at >= text.size())
        return "the end of the text";
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte >= 0x20 && byte < 0x7F)
        return fmt::format("'{}'", text[at]);
    const Decoded d = decode(text, at);
    if (d.length == 0)
        return fmt::format("\\x{:02X}", byte);
    return fmt::format("U+{:04X}", static_cast<std::uint32_t>(d.codePoint));
}

namespace {
// Whether the character at text[at] (of `length` bytes, 0 when invalid) prints as \xNN.
bool shownAsByte(std::string_view text, std::size_t at, std::size_t length) {
    const auto byte = static_cast<unsigned char>(text[at]);
    return length == 0 || (byte < 0x20 && byte != '\t' && byte != '\n') || byte == 0x7F;
}
} // namespace

std::string quoteToken(std::string_view token) {
    const bool oneCharacter = !token.empty() && characterLength(token, 0) == token.size();
    if (oneCharacter && static_cast<unsigned char>(token[0]) >= 0x80)
        return describeCharacter(token, 0);
    return fmt::format("'{}'", printableText(token));
}

std::string printableText(std::string_view text) {
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t length = decode(text, at).length;
        if (shownAsByte(text, at, length)) {
            out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[at]));
            ++at;
        } else {
            out += text.substr(at, length);
            at += length;
        }
    }
    return out;
}

int printableWidth(std::string_view text, std::size_t at) {
    int width = 0;
    for (std::size_t i = 0; i < at && i < text.size();) {
        const std::size_t length = decode(text, i).length;
        width += shownAsByte(text, i, length) ? 4 : 1;
        i += length > 0 ? length : 1;
    }
    return width;
}

std::vector<std::string_view> splitWords(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t start = 0, i = 0;
    while (i <= text.size()) {
        const std::size_t blank =
            i < text.size() ? std::max(whiteSpaceLength(text, i), lineEndLength(text, i)) : 1;
        if (blank == 0) {
            i += characterLength(text, i);
            continue;
        }
        if (i > start)
            words.push_back(text.substr(start, i - start));
        i += blank;
        start = i;
    }
    return words;
}

int characterCount(std::string_view text) {
    int count = 0;
    for (std::size_t i = 0; i < text.size(); i += characterLength(text, i))
        ++count;
    return count;
}

SourceText::SourceText(std::string name, std::string text, const SourceLocation& includedFrom)
    : name_(std::move(name)), text_(std::move(text)), includedFrom_(includedFrom) {
    lineStarts_.push_back(0);
    for (std::size_t i = 0; i < text_.size();) {
        const std::size_t end = lineEndLength(text_, i);
        i += end > 0 ? end : 1;
        if (end > 0)
            lineStarts_.push_back(i);
    }
}

std::string_view SourceText::line(int number) const {
    if (number < 1 || number > lineCount())
        return {};
    const std::size_t start = lineStarts_[static_cast<std::size_t>(number - 1)];
    std::size_t end = start;
    while (end < text_.size() && lineEndLength(text_, end) == 0)
        ++end;
    return std::string_view(text_).substr(start, end - start);
}

SourceLocation SourceText::locate(std::size_t offset) const {
    std::size_t line = 1;
    while (line < lineStarts_.size() && lineStarts_[line] <= offset)
        ++line;
    const std::size_t start = lineStarts_[line - 1];
    const std::string_view before = std::string_view(text_).substr(start, offset - start);
    return {name_, static_cast<int>(line), characterCount(before) + 1, this};
}

void Scanner::advance() {
    if (atEnd())
        return;
    if (const std::size_t end = lineEndLength(text_, offset_)) {
        offset_ += end;
        ++line_;
        column_ = 1;
        return;
    }
    offset_ += characterLength(text_, offset_);
    ++column_;
}

void Scanner::skipWhiteSpace(bool lineEnds) {
    while (atWhiteSpace() || (lineEnds && atLineEnd()))
        advance();
}

void Scanner::skipToLineEnd() {
    while (!atEnd() && !atLineEnd())
        advance();
}

} // namespace slvm
