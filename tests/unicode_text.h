// Test helpers for readers of text: Unicode spaces spelled in UTF-8, and ASCII text made to look
// pasted from a specification or a manual.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace unicode_text {

inline const std::string kBom = "\xEF\xBB\xBF";  // U+FEFF
inline const std::string kNbsp = "\xC2\xA0";     // U+00A0
inline const std::string kIdeo = "\xE3\x80\x80"; // U+3000
inline const std::string kEAcute = "\xC3\xA9";   // U+00E9

// Every Unicode space slvm/common/source_text.h lists, spelled in UTF-8.
inline const std::vector<std::string> kAllSpaces = {
    "\xC2\x85",     "\xC2\xA0",     "\xE1\x9A\x80", "\xE2\x80\x80", "\xE2\x80\x81", "\xE2\x80\x82",
    "\xE2\x80\x83", "\xE2\x80\x84", "\xE2\x80\x85", "\xE2\x80\x86", "\xE2\x80\x87", "\xE2\x80\x88",
    "\xE2\x80\x89", "\xE2\x80\x8A", "\xE2\x80\xAF", "\xE2\x81\x9F", "\xE3\x80\x80", "\xEF\xBB\xBF",
};

// `ascii` as if pasted: a byte-order mark first, each ASCII space replaced by the next of
// `spaces` (each one character, so columns do not move), each LF by `lineEnd`. With
// `keepQuoted`, spaces inside double quotes ("integer indices") stay as they are.
inline std::string pasted(std::string_view ascii, const std::vector<std::string>& spaces,
                          std::string_view lineEnd, bool keepQuoted = false) {
    std::string out = kBom;
    std::size_t next = 0;
    bool quoted = false;
    for (const char c : ascii) {
        if (c == '"')
            quoted = !quoted;
        if (c == ' ' && !(keepQuoted && quoted))
            out += spaces[next++ % spaces.size()];
        else if (c == '\n')
            out += lineEnd;
        else
            out += c;
    }
    return out;
}

// An independent check that `text` is well-formed UTF-8 (RFC 3629): no overlong forms, no
// surrogates, nothing past U+10FFFF.
inline bool isValidUtf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto b0 = static_cast<unsigned char>(text[i]);
        std::size_t n = 0;
        char32_t c = 0;
        if (b0 < 0x80) {
            n = 1;
            c = b0;
        } else if ((b0 & 0xE0) == 0xC0) {
            n = 2;
            c = b0 & 0x1F;
        } else if ((b0 & 0xF0) == 0xE0) {
            n = 3;
            c = b0 & 0x0F;
        } else if ((b0 & 0xF8) == 0xF0) {
            n = 4;
            c = b0 & 0x07;
        } else {
            return false;
        }
        if (i + n > text.size())
            return false;
        for (std::size_t k = 1; k < n; ++k) {
            const auto b = static_cast<unsigned char>(text[i + k]);
            if ((b & 0xC0) != 0x80)
                return false;
            c = (c << 6) | (b & 0x3F);
        }
        const char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
        if (c < smallest[n] || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF)
            return false;
        i += n;
    }
    return true;
}

// The number of code points in valid UTF-8 `text` (its continuation bytes are not counted).
inline int characterCount(std::string_view text) {
    int count = 0;
    for (const char c : text)
        count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return count;
}

} // namespace unicode_text
