// The SL assembler reads Unicode white space, CR LF or CR line ends and a byte-order mark as it
// reads ASCII: the same bytecode, and columns counted in characters.
#include "slvm/common/diagnostic.h"
#include "slvm/sl/assembler.h"
#include "tests/unicode_text.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

using namespace slvm;

using namespace unicode_text;

namespace {

// Indented with spaces, separated by spaces, commented, labelled (alone and before an
// instruction on the same line), with numbers, components and texture-free operands.
const char* kShader = R"(sl 1.0
# Two-tone: C0 where u < 0.5, C1 elsewhere, lit as Lambert.
    movc x s1, uv
    li s2, 0.5           # the split
    blt s1, s2, left
    mov r1, C1
    jmp shade
left:
    mov r1, C0
shade:
    dp3 s1, N, L
    li s2, -1.5e-1
    blt s2, s1, lit
    ret
lit:  mul r1, r1, s1
    movc r s2, r1
    lc r v0, s2
)";

std::vector<sl::Instruction> assembled(const std::string& text) {
    return sl::assemble(text, "two_tone.sl").program().code;
}

// The first diagnostic `text` fails to assemble with.
Diagnostic firstError(const std::string& text) {
    try {
        sl::assemble(text, "bad.sl");
    } catch (const ProgramError& e) {
        return e.diagnostics().front();
    }
    FAIL("assembled without error:\n" << text);
    return {};
}

} // namespace

TEST_CASE("NBSP-separated CR LF text with a BOM assembles to the ASCII text's bytecode",
          "[sl][asm][unicode]") {
    const std::vector<sl::Instruction> plain = assembled(kShader);
    REQUIRE(plain.size() == 13); // 13 instructions; the labels take none
    struct Variant {
        const char* name;
        std::string text;
    };
    const std::vector<Variant> variants = {
        {"NBSP, CR LF", pasted(kShader, {kNbsp}, "\r\n")},
        {"NBSP, lone CR", pasted(kShader, {kNbsp}, "\r")},
        {"every listed space in turn, CR LF", pasted(kShader, kAllSpaces, "\r\n")},
        {"U+3000, LF", pasted(kShader, {kIdeo}, "\n")},
    };
    for (const Variant& v : variants) {
        INFO("variant: " << v.name << "\ntext:\n" << v.text);
        std::vector<sl::Instruction> code;
        REQUIRE_NOTHROW(code = assembled(v.text));
        REQUIRE(code.size() == plain.size());
        for (std::size_t i = 0; i < code.size(); ++i) {
            INFO("instruction " << i);
            CHECK(code[i] == plain[i]);
        }
    }
}

TEST_CASE("a diagnostic after NBSPs counts each as one column", "[sl][asm][unicode]") {
    // "  add r0, s0, r1" with NBSPs: NBSP 1, NBSP 2, add 3-5, NBSP 6, r0 7-8, ',' 9, NBSP 10,
    // s0 11 (column 11, as in the ASCII line; counting bytes would give 16).
    const std::string text = pasted("sl 1.0\n  add r0, s0, r1\n", {kNbsp}, "\r\n");
    INFO(text);
    const Diagnostic d = firstError(text);
    INFO(formatDiagnostic(d));
    CHECK(d.where.file == "bad.sl");
    CHECK(d.where.line == 2);
    CHECK(d.where.column == 11);
    CHECK_THAT(d.message, Catch::Contains("operand 2 of 'add' must be a vector register"));
    // The quoted line is the line without its CR LF, and the caret has one pad per character.
    CHECK(d.sourceLine == kNbsp + kNbsp + "add" + kNbsp + "r0," + kNbsp + "s0," + kNbsp + "r1");
    CHECK(formatDiagnostic(d).ends_with("\n    " + std::string(10, ' ') + "^\n"));
}

TEST_CASE("a missing operand after a wide space is placed in characters", "[sl][asm][unicode]") {
    // "add r0, r1" with U+3000 (3 bytes) between words: add 1-3, sp 4, r0 5-6, ',' 7, sp 8,
    // r1 9-10; the missing third operand belongs at column 11.
    const std::string text = pasted("sl 1.0\nadd r0, r1\n", {kIdeo}, "\n");
    INFO(text);
    const Diagnostic d = firstError(text);
    INFO(formatDiagnostic(d));
    CHECK(d.where.line == 2);
    CHECK(d.where.column == 11);
    CHECK_THAT(d.message, Catch::Contains("'add' takes 3 operands, found 2"));
}

TEST_CASE("a header after a BOM and a stray non-space character", "[sl][asm][unicode]") {
    // The BOM is a character: "sl 2.0" after it has its version at column 5.
    const Diagnostic version = firstError(kBom + "sl 2.0\nnop\n");
    CHECK(version.where.line == 1);
    CHECK(version.where.column == 5);
    CHECK_THAT(version.message, Catch::Contains("unsupported SL version '2.0'"));
    // U+200B (zero-width space) is not white space: "r0" followed by it is no register.
    const std::string zwsp = "\xE2\x80\x8B";
    const Diagnostic stray = firstError("sl 1.0\nmov r0, " + zwsp + "C0\n");
    INFO(formatDiagnostic(stray));
    CHECK(stray.where.line == 2);
    CHECK(stray.where.column == 9);
}
