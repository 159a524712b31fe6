// Malformed shaders: each must be rejected with the right line, column and message, and every
// error in a file must be reported, not just the first.
#include "slvm/common/diagnostic.h"
#include "slvm/sl/assembler.h"

#include <catch2/catch.hpp>
#include <string>

using namespace slvm;

namespace {

struct BadSource {
    const char* name;
    const char* source;
    int line;
    int column;
    const char* message; // a substring of the diagnostic's message
};

// clang-format off
const BadSource kBadSources[] = {
    {"missing header", "mov v0, C0\n", 1, 1, "expected the header 'sl 1.0'"},
    {"empty file", "", 1, 1, "missing 'sl 1.0' header"},
    {"only comments", "# nothing\n\n", 1, 1, "missing 'sl 1.0' header"},
    {"wrong version", "sl 2.0\nmov v0, C0\n", 1, 4, "unsupported SL version '2.0'"},
    {"header without version", "sl\nmov v0, C0\n", 1, 1, "expected a version after 'sl'"},
    {"junk after header", "sl 1.0 beta\nmov v0, C0\n", 1, 8, "unexpected 'beta'"},
    {"no instructions", "sl 1.0\n# empty\n", 1, 1, "at least one instruction"},
    {"unknown opcode", "sl 1.0\nfoo v0, C0\n", 2, 1, "unknown opcode 'foo'"},
    {"misspelt opcode", "sl 1.0\nnrom r0, N\n", 2, 1, "unknown opcode 'nrom'; did you mean 'norm'?"},
    {"misspelt register", "sl 1.0\nmov v0, CO\n", 2, 9, "unknown register 'CO' for operand 2 of 'mov': expected a vector register (C0 C1 L V Pw P ds dt du dv uv N dE t0-t7 r0-r3 v0); did you mean 'C0'?"},
    {"misspelt scalar", "sl 1.0\nmul s0, s0, kd\n", 2, 13, "did you mean 'Kd'?"},
    {"number for a scalar", "sl 1.0\nmul s0, s0, 0.5\n", 2, 13, "only li and liv take numbers; load it first, e.g. 'li s0, 0.5'"},
    {"number for a vector", "sl 1.0\nmov v0, 1\n", 2, 9, "only li and liv take numbers; load each component first, e.g. 'liv x r0, 1'"},
    {"uppercase opcode", "sl 1.0\nMOV v0, C0\n", 2, 1, "opcodes are lowercase: 'mov'"},
    {"vector where scalar", "sl 1.0\nadd r0, s0, r1\n", 2, 9, "operand 2 of 'add' must be a vector register"},
    {"scalar form mixed", "sl 1.0\nadd s0, s1, r1\n", 2, 13, "operand 3 of 'add' must be a scalar register"},
    {"write to read-only vector", "sl 1.0\nmov N, C0\n", 2, 5, "register 'N' is read-only"},
    {"write to read-only scalar", "sl 1.0\nli Kd, 1\n", 2, 4, "register 'Kd' is read-only"},
    {"lc into read-only", "sl 1.0\nlc w C0, s0\n", 2, 6, "register 'C0' is read-only"},
    {"missing commas", "sl 1.0\nadd r0 r1 r2\n", 2, 8, "expected ',' between operands"},
    {"semicolon for comma", "sl 1.0\nmov v0; C0\n", 2, 7, "expected ',' between operands of 'mov', found ';'"},
    {"bad component letter", "sl 1.0\nmovc q s0, r0\n", 2, 6, "expected a component letter"},
    {"missing component", "sl 1.0\nmovc s0, r0\n", 2, 6, "expected a component letter"},
    {"component on non-component op", "sl 1.0\nmov x r0, r1\n", 2, 7, "expected ','"},
    {"bad number", "sl 1.0\nli s0, 1.2.3\n", 2, 8, "'1.2.3' is not a valid number"},
    {"number too large", "sl 1.0\nli s0, 1e39\n", 2, 8, "number '1e39' is outside float's range"},
    {"number too small", "sl 1.0\nli s0, 0.1e-385\n", 2, 8, "number '0.1e-385' underflows float"},
    {"denormal number", "sl 1.0\nli s0, -1e-40\n", 2, 8, "number '-1e-40' underflows float"},
    {"hex number", "sl 1.0\nli s0, 0x10\n", 2, 8, "'0x10' is not a valid number"},
    {"register for number", "sl 1.0\nli s0, s1\n", 2, 8, "operand 2 of 'li' must be a number"},
    {"number for register", "sl 1.0\nadd r0, 1.0, r1\n", 2, 9, "found number '1.0'"},
    {"jump forward out of range", "sl 1.0\njmp 5\nnop\n", 2, 5, "outside the program"},
    {"jump backward out of range", "sl 1.0\nnop\njmp -3\n", 3, 5, "lands on instruction -1"},
    {"jump offset too large", "sl 1.0\njmp 40000\n", 2, 5, "does not fit in 16 bits"},
    {"fractional jump offset", "sl 1.0\njmp 1.5\n", 2, 5, "must be a jump offset"},
    {"undefined label", "sl 1.0\njmp nowhere\n", 2, 5, "undefined label 'nowhere'"},
    {"duplicate label", "sl 1.0\na:\nnop\na:\nnop\n", 4, 1, "label 'a' is already defined on line 2"},
    {"bad label name", "sl 1.0\n1abc:\nnop\n", 2, 1, "not a valid label name"},
    {"too few operands", "sl 1.0\nadd r0, r1\n", 2, 11, "'add' takes 3 operands, found 2"},
    {"too many operands", "sl 1.0\nmov r0, r1, r2\n", 2, 13, "'mov' takes 2 operands, found 3"},
    {"no operands", "sl 1.0\nrnd\n", 2, 4, "'rnd' takes 1 operand, found 0"},
    {"operand to ret", "sl 1.0\nret s0\n", 2, 5, "'ret' takes 0 operands, found 1"},
    {"unknown register", "sl 1.0\nmov r0, r9\n", 2, 9, "unknown register 'r9'"},
    {"registers are case-sensitive", "sl 1.0\nmov r0, c0\n", 2, 9, "unknown register 'c0'"},
    {"trailing comma", "sl 1.0\nmov r0,\n", 2, 8, "expected an operand after ','"},
    {"texture unit out of range", "sl 1.0\nlookup r0, t8, uv\n", 2, 12, "must be a texture unit t0-t7"},
    {"register as texture unit", "sl 1.0\nlookup r0, r1, uv\n", 2, 12, "must be a texture unit"},
    {"blt on vectors", "sl 1.0\nblt r0, s1, 1\n", 2, 5, "operand 1 of 'blt' must be a scalar register"},
    {"dp3 into vector", "sl 1.0\ndp3 r0, N, L\n", 2, 5, "operand 1 of 'dp3' must be a scalar register"},
    {"norm of scalar", "sl 1.0\nnorm r0, s0\n", 2, 10, "must be a vector register"},
    {"turb into vector", "sl 1.0\nturb r0, P\n", 2, 6, "must be a scalar register"},
    {"div vector by vector", "sl 1.0\ndiv r0, r1, r2\n", 2, 13, "must be a scalar register"},
    {"stray character", "sl 1.0\nmov r0, @\n", 2, 9, "expected an operand of 'mov', found '@'"},
};
// clang-format on

} // namespace

TEST_CASE("malformed shaders are rejected with line, column and message", "[sl][asm][errors]") {
    for (const BadSource& bad : kBadSources) {
        INFO("case: " << bad.name << "\nsource:\n" << bad.source);
        try {
            sl::assemble(bad.source, "bad.sl");
            FAIL("assembled without error");
        } catch (const ProgramError& e) {
            const Diagnostic& d = e.diagnostics().front();
            INFO("diagnostics:\n" << e.what());
            CHECK(d.where.file == "bad.sl");
            CHECK(d.where.line == bad.line);
            CHECK(d.where.column == bad.column);
            CHECK_THAT(d.message, Catch::Contains(bad.message));
        }
    }
    CHECK(std::size(kBadSources) >= 30);
}

TEST_CASE("every error in a file is reported, in line order", "[sl][asm][errors]") {
    const char* source =
        "sl 1.0\nmov N, C0\nadd r0 r1, r2\nfoo\nli s0, 1e99\nmov v0, C0\njmp missing\n";
    try {
        sl::assemble(source, "many.sl");
        FAIL("assembled without error");
    } catch (const ProgramError& e) {
        const auto& d = e.diagnostics();
        REQUIRE(d.size() == 5);
        CHECK(d[0].where.line == 2);
        CHECK(d[1].where.line == 3);
        CHECK(d[2].where.line == 4);
        CHECK(d[3].where.line == 5);
        CHECK(d[4].where.line == 7);
    }
}

TEST_CASE("a diagnostic quotes the line with a caret under the column", "[sl][asm][errors]") {
    try {
        sl::assemble("sl 1.0\n  add r0, s0, r1   # comment\n", "shader.sl");
        FAIL("assembled without error");
    } catch (const ProgramError& e) {
        CHECK(std::string(e.what()) == "shader.sl:2:11: error: operand 2 of 'add' must be a vector "
                                       "register (C0 C1 L V Pw P ds dt "
                                       "du dv uv N dE t0-t7 r0-r3 v0), found scalar register 's0'\n"
                                       "      add r0, s0, r1   # comment\n"
                                       "              ^\n");
    }
}
