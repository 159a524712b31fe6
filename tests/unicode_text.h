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

} // namespace unicode_text
