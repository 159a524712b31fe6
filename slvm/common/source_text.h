// Source text as every reader of lrt's languages sees it (.lrt scenes, SL, VP2, and later the
// compiler's front ends): one place that decides what a line, a column and white space are, so
// that text pasted from a specification (no-break spaces, CR LF, a byte-order mark) reads the same
// everywhere.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace slvm {

class SourceText;

// A place in a source file. `file` views a name owned elsewhere (the SourceText the location came
// from, or a longer-lived owner such as a parsed scene), so locations are cheap to copy; a
// Diagnostic keeps its own copy of the name.
struct SourceLocation {
    std::string_view file;
    int line = 0;   // 1-based; 0 when the problem is not tied to a line (a bytecode file)
    int column = 0; // 1-based, in characters; 0 when the whole line is meant
    // The text the place is in, when it came from one: it gives a diagnostic the quoted line and
    // the chain of files that included this one.
    const SourceText* source = nullptr;
};

// The length in bytes of the white-space character at text[at], or 0 when there is none: space,
// tab, vertical tab, form feed, and the Unicode spaces U+0085, U+00A0, U+1680, U+2000-U+200A,
// U+202F, U+205F, U+3000 and U+FEFF (a byte-order mark, or a zero-width no-break space). Line ends
// are not white space here: see lineEndLength.
std::size_t whiteSpaceLength(std::string_view text, std::size_t at);

// The length in bytes of the line end at text[at] (LF, CR LF, or a lone CR, as old Mac files end
// their lines), or 0.
std::size_t lineEndLength(std::string_view text, std::size_t at);

// The length in bytes of the character at text[at]: its UTF-8 sequence, or 1 for a byte that does
// not start a valid one.
std::size_t characterLength(std::string_view text, std::size_t at);

// How a diagnostic names the character at text[at], always as valid UTF-8: 'x' for printable
// ASCII, U+00E9 for any other valid UTF-8 character, \xC2 for a byte that is not one.
std::string describeCharacter(std::string_view text, std::size_t at);

// How a diagnostic quotes a token: a single non-ASCII character (or stray byte) named as
// describeCharacter names it, anything else between quotes as printableText shows it.
std::string quoteToken(std::string_view token);

// `text` as valid UTF-8 that a terminal shows as it is: each byte that does not start a valid UTF-8
// character, and each control character but tab and line feed, becomes \xNN; everything else is
// kept.
std::string printableText(std::string_view text);

// How many columns printableText(text.substr(0, at)) takes: one per character, four per \xNN.
int printableWidth(std::string_view text, std::size_t at);

// The words of text: the runs between white space (as whiteSpaceLength and lineEndLength find it).
std::vector<std::string_view> splitWords(std::string_view text);

// The number of characters in text (a multi-byte UTF-8 character counts once).
int characterCount(std::string_view text);

// A named text and where its lines start; `includedFrom` is the place of the statement that
// included it, in a text that must outlive this one.
class SourceText {
public:
    SourceText(std::string name, std::string text, const SourceLocation& includedFrom = {});
    SourceText(const SourceText&) = delete; // locations view name_: keep one copy, shared
    SourceText& operator=(const SourceText&) = delete;

    const std::string& name() const { return name_; }
    std::string_view text() const { return text_; }
    int lineCount() const { return static_cast<int>(lineStarts_.size()); }
    // Line `number` (1-based) without its line end; empty outside the text.
    std::string_view line(int number) const;
    // The location of byte `offset`, its column counted in characters.
    SourceLocation locate(std::size_t offset) const;
    // Where this text was included from; `file` is empty for a text read on its own.
    const SourceLocation& includedFrom() const { return includedFrom_; }

private:
    std::string name_;
    std::string text_;
    std::vector<std::size_t> lineStarts_;
    SourceLocation includedFrom_;
};

// A cursor over a SourceText for hand-written scanners: it knows its line and column.
class Scanner {
public:
    explicit Scanner(const SourceText& source) : source_(source), text_(source.text()) {}

    bool atEnd() const { return offset_ >= text_.size(); }
    // The byte at the cursor plus `ahead`, or '\0' past the end.
    char peek(std::size_t ahead = 0) const {
        return offset_ + ahead < text_.size() ? text_[offset_ + ahead] : '\0';
    }
    std::size_t offset() const { return offset_; }
    SourceLocation location() const { return {source_.name(), line_, column_, &source_}; }
    // The text from byte `from` to the cursor.
    std::string_view since(std::size_t from) const { return text_.substr(from, offset_ - from); }

    bool atWhiteSpace() const { return whiteSpaceLength(text_, offset_) > 0; }
    bool atLineEnd() const { return lineEndLength(text_, offset_) > 0; }
    // Moves past one character, or one line end.
    void advance();
    // Moves past white space, and past line ends too when `lineEnds`.
    void skipWhiteSpace(bool lineEnds);
    // Moves to the end of the line (a comment's rest).
    void skipToLineEnd();
    // How a diagnostic names the character at the cursor.
    std::string describe() const { return describeCharacter(text_, offset_); }

private:
    const SourceText& source_;
    std::string_view text_;
    std::size_t offset_ = 0;
    int line_ = 1;
    int column_ = 1;
};

} // namespace slvm
