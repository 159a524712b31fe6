// Source text as every reader sees it (white space, line ends, characters, lines, columns, the
// scanner) and the compiler-style formatting of diagnostics.
#include "slvm/common/diagnostic.h"
#include "slvm/common/source_text.h"
#include "tests/unicode_text.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

using namespace slvm;

namespace {

// Every string below spells its UTF-8 bytes out, worked by hand from the code point's bits:
// U+0080..U+07FF is 110xxxxx 10xxxxxx, U+0800..U+FFFF is 1110xxxx 10xxxxxx 10xxxxxx.
struct Spelled {
    const char* name;
    std::string bytes;
};

// The Unicode spaces source_text.h lists, one per entry.
const std::vector<Spelled> kUnicodeSpaces = {
    {"U+0085 next line", "\xC2\x85"},
    {"U+00A0 no-break space", "\xC2\xA0"},
    {"U+1680 ogham space mark", "\xE1\x9A\x80"}, // 0001 011010 000000
    {"U+2000 en quad", "\xE2\x80\x80"},
    {"U+2001 em quad", "\xE2\x80\x81"},
    {"U+2002 en space", "\xE2\x80\x82"},
    {"U+2003 em space", "\xE2\x80\x83"},
    {"U+2004 three-per-em space", "\xE2\x80\x84"},
    {"U+2005 four-per-em space", "\xE2\x80\x85"},
    {"U+2006 six-per-em space", "\xE2\x80\x86"},
    {"U+2007 figure space", "\xE2\x80\x87"},
    {"U+2008 punctuation space", "\xE2\x80\x88"},
    {"U+2009 thin space", "\xE2\x80\x89"},
    {"U+200A hair space", "\xE2\x80\x8A"},
    {"U+202F narrow no-break space", "\xE2\x80\xAF"},
    {"U+205F medium mathematical space", "\xE2\x81\x9F"}, // 0010 000001 011111
    {"U+3000 ideographic space", "\xE3\x80\x80"},
    {"U+FEFF byte-order mark", "\xEF\xBB\xBF"}, // 1111 111011 111111
};

// Characters and byte sequences that are not white space.
const std::vector<Spelled> kNotWhiteSpace = {
    {"letter", "a"},
    {"digit", "7"},
    {"NUL", std::string(1, '\0')},
    {"LF (a line end)", "\n"},
    {"CR (a line end)", "\r"},
    {"U+00E9 e acute", "\xC3\xA9"},
    {"U+200B zero-width space (not listed)", "\xE2\x80\x8B"},
    {"U+2028 line separator (not listed)", "\xE2\x80\xA8"},
    {"U+00A1 inverted exclamation, next to NBSP", "\xC2\xA1"},
    {"U+3001 ideographic comma, next to U+3000", "\xE3\x80\x81"},
    {"lone continuation byte 0xA0", "\xA0"},
    {"lone continuation byte 0x80", "\x80"},
    {"NBSP lead byte at the end", "\xC2"},
    {"NBSP lead byte before a letter", "\xC2z"},
    {"U+3000 truncated to two bytes", "\xE3\x80"},
    {"U+3000 with a letter for its last byte", "\xE3\x80z"},
    {"overlong U+0020 in two bytes", "\xC0\xA0"},
    {"overlong U+00A0 in three bytes", "\xE0\x82\xA0"},
    {"overlong U+3000 in four bytes", "\xF0\x83\x80\x80"},
    {"surrogate U+D800", "\xED\xA0\x80"},
    {"byte 0xFF", "\xFF"},
};

} // namespace

TEST_CASE("ASCII blanks are white space, one byte each", "[source]") {
    for (const char c : {' ', '\t', '\v', '\f'}) {
        INFO("byte " << static_cast<int>(c));
        CHECK(whiteSpaceLength(std::string(1, c), 0) == 1);
        CHECK(whiteSpaceLength(std::string("x") + c + "y", 1) == 1);
    }
}

TEST_CASE("every listed Unicode space is white space, its whole sequence long", "[source]") {
    for (const Spelled& s : kUnicodeSpaces) {
        INFO(s.name);
        CHECK(whiteSpaceLength(s.bytes, 0) == s.bytes.size());
        // The same inside other text, from its first byte only.
        const std::string text = "a" + s.bytes + "b";
        CHECK(whiteSpaceLength(text, 0) == 0);
        CHECK(whiteSpaceLength(text, 1) == s.bytes.size());
        CHECK(whiteSpaceLength(text, 2) == 0); // a continuation byte
        CHECK(whiteSpaceLength(text, 1 + s.bytes.size()) == 0);
    }
    CHECK(kUnicodeSpaces.size() == 18); // U+0085, U+00A0, U+1680, 11 of U+2000-U+200A, 4 more
}

TEST_CASE("other characters and malformed bytes are not white space", "[source]") {
    for (const Spelled& s : kNotWhiteSpace) {
        INFO(s.name);
        CHECK(whiteSpaceLength(s.bytes, 0) == 0);
        CHECK(whiteSpaceLength(" " + s.bytes, 1) == 0);
    }
    // Past the end there is nothing.
    CHECK(whiteSpaceLength("", 0) == 0);
    CHECK(whiteSpaceLength(" ", 1) == 0);
    CHECK(whiteSpaceLength(" ", 5) == 0);
}

TEST_CASE("line ends are LF, CR LF and a lone CR", "[source]") {
    CHECK(lineEndLength("\n", 0) == 1);
    CHECK(lineEndLength("\r\n", 0) == 2);
    CHECK(lineEndLength("\r", 0) == 1);
    CHECK(lineEndLength("\rx", 0) == 1);
    // CR CR LF: a lone CR, then a CR LF.
    CHECK(lineEndLength("\r\r\n", 0) == 1);
    CHECK(lineEndLength("\r\r\n", 1) == 2);
    // LF CR is two line ends.
    CHECK(lineEndLength("\n\r", 0) == 1);
    CHECK(lineEndLength("\n\r", 1) == 1);
    CHECK(lineEndLength("a\nb", 0) == 0);
    CHECK(lineEndLength("a\nb", 1) == 1);
    // Not line ends: white space, U+0085 next line, U+2028 line separator, the end of the text.
    CHECK(lineEndLength(" ", 0) == 0);
    CHECK(lineEndLength("\xC2\x85", 0) == 0);
    CHECK(lineEndLength("\xE2\x80\xA8", 0) == 0);
    CHECK(lineEndLength("", 0) == 0);
    CHECK(lineEndLength("\n", 1) == 0);
}

TEST_CASE("character lengths follow UTF-8, one byte for a malformed sequence", "[source]") {
    CHECK(characterLength("a", 0) == 1);
    CHECK(characterLength("\xC3\xA9", 0) == 2);         // U+00E9
    CHECK(characterLength("\xE3\x80\x80", 0) == 3);     // U+3000
    CHECK(characterLength("\xF0\x9F\x98\x80", 0) == 4); // U+1F600: 000 011111 011000 000000
    CHECK(characterLength("x\xC3\xA9y", 1) == 2);
    for (const char* bad : {"\xFF", "\xA0", "\xC2", "\xE3\x80", "\xC0\xA0", "\xED\xA0\x80",
                            "\xF4\x90\x80\x80" /* U+110000 */, "\xF5\x80\x80\x80"}) {
        INFO("bytes " << bad);
        CHECK(characterLength(bad, 0) == 1);
    }
}

TEST_CASE("describeCharacter names characters as diagnostics print them", "[source]") {
    CHECK(describeCharacter("x", 0) == "'x'");
    CHECK(describeCharacter("@", 0) == "'@'");
    CHECK(describeCharacter("a~", 1) == "'~'");
    CHECK(describeCharacter("\xC3\xA9", 0) == "U+00E9");
    CHECK(describeCharacter("\xC2\xA0", 0) == "U+00A0");
    CHECK(describeCharacter("\xE3\x80\x80", 0) == "U+3000");
    CHECK(describeCharacter("\xF0\x9F\x98\x80", 0) == "U+1F600");
    CHECK(describeCharacter("\t", 0) == "U+0009"); // valid, but not printable ASCII
    CHECK(describeCharacter("\xC2", 0) == "\\xC2");
    CHECK(describeCharacter("\xC2z", 0) == "\\xC2");
    CHECK(describeCharacter("\xFF", 0) == "\\xFF");
    CHECK(describeCharacter("\xC0\xA0", 0) == "\\xC0");
    CHECK(describeCharacter("\xED\xA0\x80", 0) == "\\xED");
    CHECK(describeCharacter("\xC3\xA9", 1) == "\\xA9"); // inside a character: a bad byte
}

TEST_CASE("describeCharacter output is always valid UTF-8", "[source]") {
    // Every single byte, and every byte after each lead byte.
    for (int b = 0; b < 256; ++b) {
        const std::string one(1, static_cast<char>(b));
        INFO("byte " << b << " described as " << describeCharacter(one, 0));
        CHECK(unicode_text::isValidUtf8(describeCharacter(one, 0)));
        for (const char* lead : {"\xC2", "\xE3\x80", "\xF0\x9F\x98"}) {
            const std::string two = lead + one;
            INFO("bytes after lead " << static_cast<int>(static_cast<unsigned char>(lead[0])));
            CHECK(unicode_text::isValidUtf8(describeCharacter(two, 0)));
        }
    }
    for (const Spelled& s : kNotWhiteSpace) {
        INFO(s.name);
        CHECK(unicode_text::isValidUtf8(describeCharacter(s.bytes, 0)));
    }
}

TEST_CASE("characterCount counts a multi-byte character once", "[source]") {
    CHECK(characterCount("") == 0);
    CHECK(characterCount("abc") == 3);
    CHECK(characterCount("a\xC3\xA9") == 2);
    CHECK(characterCount("\xE3\x80\x80x") == 2);
    CHECK(characterCount("\xEF\xBB\xBFsl") == 3);
    CHECK(characterCount("\xF0\x9F\x98\x80!") == 2);
    // Malformed bytes count one each: 0xFF, 0xFE; a truncated U+3000 is two bad bytes.
    CHECK(characterCount("\xFF\xFE") == 2);
    CHECK(characterCount("\xE3\x80") == 2);
    CHECK(characterCount("\xC2") == 1);
    CHECK(characterCount("\t\t") == 2);
}

TEST_CASE("SourceText splits lines at LF, CR LF and a lone CR", "[source]") {
    const SourceText source("lines.txt", "first\r\nsecond\rthird\n\nlast");
    CHECK(source.name() == "lines.txt");
    CHECK(source.text() == "first\r\nsecond\rthird\n\nlast");
    REQUIRE(source.lineCount() == 5);
    CHECK(source.line(1) == "first");
    CHECK(source.line(2) == "second");
    CHECK(source.line(3) == "third");
    CHECK(source.line(4) == "");
    CHECK(source.line(5) == "last");
    CHECK(source.line(0) == "");
    CHECK(source.line(6) == "");
    CHECK(source.line(-1) == "");

    // A final line end starts a last, empty line (where a cursor at the end would be).
    const SourceText trailing("t", "a\nb\n");
    CHECK(trailing.lineCount() == 3);
    CHECK(trailing.line(2) == "b");
    CHECK(trailing.line(3) == "");

    const SourceText empty("e", "");
    CHECK(empty.lineCount() == 1);
    CHECK(empty.line(1) == "");
}

TEST_CASE("SourceText::locate counts columns in characters", "[source]") {
    // Bytes: f0 i1 r2 s3 t4 \r5 \n6 s7 ... second ends at 12, \r13, t14.
    const SourceText source("where.sl", "first\r\nsecond\rthird");
    const SourceLocation s = source.locate(7);
    CHECK(s.file == "where.sl");
    CHECK(s.line == 2);
    CHECK(s.column == 1);
    CHECK(source.locate(0).line == 1);
    CHECK(source.locate(0).column == 1);
    CHECK(source.locate(4).column == 5);
    CHECK(source.locate(14).line == 3); // after the lone CR
    CHECK(source.locate(14).column == 1);
    CHECK(source.locate(16).column == 3);

    // U+00E9 (2 bytes), a tab, then x at byte 3: the third character.
    const SourceText tabbed("t", "\xC3\xA9\tx");
    CHECK(tabbed.locate(3).line == 1);
    CHECK(tabbed.locate(3).column == 3);
    // U+3000 (3 bytes), NBSP (2 bytes), then y at byte 5: column 3.
    const SourceText wide("w", "ab\n\xE3\x80\x80\xC2\xA0y");
    CHECK(wide.locate(8).line == 2);
    CHECK(wide.locate(8).column == 3);
    // A byte-order mark is a character (U+FEFF): what follows it is in column 2.
    const SourceText bom("b", "\xEF\xBB\xBFsl 1.0");
    CHECK(bom.locate(3).column == 2);
    CHECK(bom.locate(6).column == 5); // the '1'
    // The end of the text is just past its last character.
    const SourceText end("e", "a\xC3\xA9");
    CHECK(end.locate(3).line == 1);
    CHECK(end.locate(3).column == 3);
}

TEST_CASE("the scanner walks characters and line ends, keeping line and column", "[source]") {
    // BOM, "ab", NBSP, "c", CR LF, "d", lone CR, "e", LF.
    // Bytes: BOM 0-2, a3, b4, NBSP 5-6, c7, CR8, LF9, d10, CR11, e12, LF13; 14 in all.
    const SourceText source("scan.txt", "\xEF\xBB\xBF"
                                        "ab\xC2\xA0"
                                        "c\r\nd\re\n");
    Scanner s(source);
    CHECK(s.offset() == 0);
    CHECK(s.location().file == "scan.txt");
    CHECK(s.location().line == 1);
    CHECK(s.location().column == 1);
    CHECK(s.atWhiteSpace()); // the BOM
    s.skipWhiteSpace(false);
    CHECK(s.offset() == 3);
    CHECK(s.peek() == 'a');
    CHECK(s.peek(1) == 'b');
    CHECK(s.location().column == 2);
    const std::size_t start = s.offset();
    s.advance();
    s.advance();
    CHECK(s.since(start) == "ab");
    CHECK(s.offset() == 5);
    CHECK(s.location().column == 4);
    CHECK(s.atWhiteSpace());
    CHECK(s.describe() == "U+00A0");
    s.skipWhiteSpace(false);
    CHECK(s.offset() == 7);
    CHECK(s.location().column == 5); // the NBSP is one column
    s.advance();
    CHECK(s.atLineEnd());
    CHECK_FALSE(s.atWhiteSpace());
    CHECK(s.location().column == 6);
    s.skipWhiteSpace(false); // line ends stay
    CHECK(s.offset() == 8);
    s.advance(); // CR LF at once
    CHECK(s.offset() == 10);
    CHECK(s.location().line == 2);
    CHECK(s.location().column == 1);
    CHECK(s.peek() == 'd');
    s.advance();
    s.advance(); // the lone CR
    CHECK(s.offset() == 12);
    CHECK(s.location().line == 3);
    CHECK(s.location().column == 1);
    s.advance();
    CHECK(s.location().column == 2);
    s.advance(); // the final LF
    CHECK(s.atEnd());
    CHECK(s.offset() == 14);
    CHECK(s.location().line == 4);
    CHECK(s.location().column == 1);
    CHECK(s.peek() == '\0');
    s.advance(); // stays at the end
    CHECK(s.offset() == 14);
    CHECK(s.location().line == 4);
}

TEST_CASE("skipWhiteSpace crosses line ends only when asked", "[source]") {
    // " " CR LF NBSP CR " " LF U+3000 "x": x is on line 4, after one U+3000.
    const SourceText source("ws", " \r\n\xC2\xA0\r \n\xE3\x80\x80x");
    Scanner s(source);
    s.skipWhiteSpace(false);
    CHECK(s.offset() == 1);
    CHECK(s.atLineEnd());
    s.skipWhiteSpace(true);
    CHECK(s.peek() == 'x');
    CHECK(s.location().line == 4);
    CHECK(s.location().column == 2);
    // U+200B is not white space: the scanner stops at it.
    const SourceText zw("zw", " \xE2\x80\x8B");
    Scanner z(zw);
    z.skipWhiteSpace(true);
    CHECK(z.offset() == 1);
    CHECK(z.describe() == "U+200B");
}

TEST_CASE("skipToLineEnd stops before the line end, or at the end of the text", "[source]") {
    // "# comment " U+00E9: 11 characters, 12 bytes; then CR LF.
    const SourceText source("c", "# comment \xC3\xA9\r\nnext");
    Scanner s(source);
    s.skipToLineEnd();
    CHECK(s.offset() == 12);
    CHECK(s.atLineEnd());
    CHECK(s.location().line == 1);
    CHECK(s.location().column == 12);
    s.advance();
    CHECK(s.location().line == 2);
    CHECK(s.peek() == 'n');
    s.skipToLineEnd();
    CHECK(s.atEnd());
    CHECK(s.location().column == 5);
    // A lone CR ends a comment too.
    const SourceText cr("cr", "# old Mac\rx");
    Scanner m(cr);
    m.skipToLineEnd();
    CHECK(m.offset() == 9);
    m.advance();
    CHECK(m.peek() == 'x');
    CHECK(m.location().line == 2);
}

TEST_CASE("a malformed byte is one column to the scanner", "[source]") {
    // 0xFF, a truncated U+3000 (two bad bytes), then z: column 4.
    const SourceText source("bad", "\xFF\xE3\x80z");
    Scanner s(source);
    CHECK(s.describe() == "\\xFF");
    s.advance();
    CHECK(s.describe() == "\\xE3");
    s.advance();
    s.advance();
    CHECK(s.peek() == 'z');
    CHECK(s.location().column == 4);
}

TEST_CASE("severity names", "[diagnostic]") {
    CHECK(severityName(Severity::Error) == "error");
    CHECK(severityName(Severity::Warning) == "warning");
    CHECK(severityName(Severity::Note) == "note");
}

TEST_CASE("formatDiagnostic prints file, line, column, severity, the line and a caret",
          "[diagnostic]") {
    // Column 5 of "  foo bar" is the 'o' after "  fo": four pads before the caret.
    const Diagnostic error(Severity::Error, {"f.sl", 2, 5}, "bad thing", "  foo bar");
    CHECK(formatDiagnostic(error) == "f.sl:2:5: error: bad thing\n"
                                     "      foo bar\n"
                                     "        ^\n");
    const Diagnostic warning(Severity::Warning, {"f.sl", 3, 1}, "odd thing", "x");
    CHECK(formatDiagnostic(warning) == "f.sl:3:1: warning: odd thing\n"
                                       "    x\n"
                                       "    ^\n");
    const Diagnostic note(Severity::Note, {"f.sl", 1, 2}, "defined here");
    CHECK(formatDiagnostic(note) == "f.sl:1:2: note: defined here\n");
    // A line without a column: no caret.
    const Diagnostic line(Severity::Error, {"f.sl", 4, 0}, "whole line", "abc");
    CHECK(formatDiagnostic(line) == "f.sl:4: error: whole line\n    abc\n");
}

TEST_CASE("formatDiagnostic without a file or without a line", "[diagnostic]") {
    const Diagnostic loose(Severity::Warning, {"", 0, 0}, "3 samples were dropped");
    CHECK(formatDiagnostic(loose) == "warning: 3 samples were dropped\n");
    const Diagnostic looseError(Severity::Error, {}, "out of memory");
    CHECK(formatDiagnostic(looseError) == "error: out of memory\n");
    const Diagnostic file = fileDiagnostic("shader.slc", "bad magic number");
    CHECK(file.severity == Severity::Error);
    CHECK(file.where.file == "shader.slc");
    CHECK(file.where.line == 0);
    CHECK(formatDiagnostic(file) == "shader.slc: error: bad magic number\n");
}

TEST_CASE("the caret sits one space per character after multi-byte characters", "[diagnostic]") {
    // U+00E9, U+3000, then 'x' in column 3: two spaces (not five, the bytes) before the caret.
    const std::string line = "\xC3\xA9\xE3\x80\x80"
                             "x = 1";
    const Diagnostic d(Severity::Error, {"u.sl", 7, 3}, "here", line);
    INFO(formatDiagnostic(d));
    CHECK(formatDiagnostic(d) == "u.sl:7:3: error: here\n    " + line + "\n      ^\n");
    // A NBSP-indented line: column 3 is after two NBSPs.
    const std::string indented = "\xC2\xA0\xC2\xA0"
                                 "add";
    const Diagnostic n(Severity::Note, {"n.sl", 1, 3}, "n", indented);
    CHECK(formatDiagnostic(n) == "n.sl:1:3: note: n\n    " + indented + "\n      ^\n");
    // A tab is kept, so the caret lines up in a terminal.
    const Diagnostic t(Severity::Error, {"t.sl", 1, 3}, "t", "\t\tx");
    CHECK(formatDiagnostic(t) == "t.sl:1:3: error: t\n    \t\tx\n    \t\t^\n");
}

TEST_CASE("a Diagnostic keeps its own copy of the file name", "[diagnostic]") {
    Diagnostic d;
    {
        const SourceText source("temporary.sl", "x");
        d = Diagnostic(Severity::Error, source.locate(0), "m", source.line(1));
    }
    CHECK(d.where.file == "temporary.sl");
    CHECK(d.sourceLine == "x");
    CHECK(formatDiagnostic(d) == "temporary.sl:1:1: error: m\n    x\n    ^\n");
}

TEST_CASE("sortBySource orders by line and column, stably, lineless last", "[diagnostic]") {
    std::vector<Diagnostic> d = {
        {Severity::Error, {"f", 3, 5}, "c"}, {Severity::Error, {"f", 0, 0}, "e"},
        {Severity::Error, {"f", 1, 2}, "a"}, {Severity::Error, {"f", 3, 1}, "b"},
        {Severity::Note, {"f", 1, 2}, "a2"}, {Severity::Error, {"f", 0, 0}, "e2"},
    };
    sortBySource(d);
    std::string order;
    for (const Diagnostic& x : d)
        order += x.message + " ";
    CHECK(order == "a a2 b c e e2 ");
}

TEST_CASE("ProgramError holds every diagnostic and prints them all", "[diagnostic]") {
    const ProgramError e({{Severity::Error, {"p.sl", 1, 1}, "one", "x"},
                          {Severity::Warning, {"p.sl", 2, 0}, "two"}});
    REQUIRE(e.diagnostics().size() == 2);
    CHECK(std::string(e.what()) == "p.sl:1:1: error: one\n    x\n    ^\n"
                                   "p.sl:2: warning: two\n");
}

TEST_CASE("quoteToken names a lone non-ASCII character and quotes anything else", "[source]") {
    CHECK(quoteToken("Sphere") == "'Sphere'");
    CHECK(quoteToken(",") == "','");
    CHECK(quoteToken("\xC3\x97") == "U+00D7");     // the multiplication sign
    CHECK(quoteToken("\xE2\x80\x8B") == "U+200B"); // zero-width space: not white space
    CHECK(quoteToken("\xC3") == "\\xC3");          // a lead byte without its continuation
    CHECK(quoteToken("\xFF") == "\\xFF");
    CHECK(quoteToken("m\xC3ov") == "'m\\xC3ov'");
    CHECK(quoteToken("caf\xC3\xA9") == "'caf\xC3\xA9'"); // valid UTF-8 in a word stays as it is
}

TEST_CASE("printableText keeps valid UTF-8 and shows bad bytes and controls as hex escapes",
          "[source]") {
    CHECK(printableText("plain\ttext") == "plain\ttext");
    CHECK(printableText("\xC2\xA0nbsp") == "\xC2\xA0nbsp");
    CHECK(printableText("a\xFF"
                        "b") == "a\\xFFb");
    CHECK(printableText("\xE2\x80") == "\\xE2\\x80"); // a cut-off sequence, byte by byte
    CHECK(printableText("bell\a") == "bell\\x07");
    CHECK(printableText("del\x7F") == "del\\x7F");
    CHECK(printableText("line\nend") == "line\nend"); // messages may span lines
    CHECK(printableText("cr\rlf") == "cr\\x0Dlf");
    for (int b = 0; b < 256; ++b) {
        const std::string text = "a" + std::string(1, static_cast<char>(b)) + "\xC3";
        INFO("byte " << b);
        CHECK(unicode_text::isValidUtf8(printableText(text)));
        CHECK(printableWidth(text, text.size()) ==
              unicode_text::characterCount(printableText(text)));
    }
}

TEST_CASE("formatDiagnostic output is valid UTF-8 whatever the file name, message and line hold",
          "[diagnostic]") {
    // 'x' in column 3, after a stray byte shown as \xFF: the caret moves four columns for it.
    const Diagnostic d(Severity::Error, {"bad\xFFname.sl", 2, 3}, "found \xC3", "a\xFFx");
    INFO(formatDiagnostic(d));
    CHECK(unicode_text::isValidUtf8(formatDiagnostic(d)));
    CHECK(formatDiagnostic(d) ==
          "bad\\xFFname.sl:2:3: error: found \\xC3\n    a\\xFFx\n         ^\n");
}
