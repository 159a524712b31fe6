// The card text form: what it assembles to, float by float; its errors at line and column; and
// the disassembler's round trip.
#include "slvm/card/assembler.h"
#include "slvm/card/card_file.h"
#include "slvm/card/disassembler.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>

namespace slvm::card {
namespace {

TEST_CASE("card text assembles to the specification's floats", "[card][assembler]") {
    // The specification's own example: mov rf1 1.0 is -1 (mov with an immediate), the
    // register, then 1.0; rf1 is typecode 100 + index 1.
    const Card card = assemble("mov rf1, 1.0 ; the spec's example\n", "t.pc");
    REQUIRE(card.pixels.size() >= 5);
    CHECK(card.pixels[2] == -1);
    CHECK(card.pixels[3] == 101);
    CHECK(card.pixels[4] == 1);
    // Five pixels: the smallest square card that holds them is 3 x 3, padded with exit (0).
    CHECK(card.width == 3);
    CHECK(card.height == 2);
    CHECK(card.pixels[0] == 3);
    CHECK(card.pixels[1] == 2);
    CHECK(card.pixels.size() == 6);
    CHECK(card.pixels[5] == 0);
}

TEST_CASE("card text: registers, mnemonics in any case, commas optional, labels",
          "[card][assembler]") {
    const Card card = assemble(".width 20\n"
                               "start:\n"
                               "  MOV rm2 rm1\n"
                               "  mov rv39, 1 2 3 4   # a comment\n"
                               "  in 0\n"
                               "  mulmm\n"
                               "  mov pos, start\n"
                               "  slt\n",
                               "t.pc");
    const std::vector<float> expected = {20, 1, 1, 2, 1,  -1,   49, 1,   2, 3,
                                         4,  2, 0, 5, -1, 1001, 2,  104, 0, 0};
    CHECK(card.pixels == expected);
}

TEST_CASE("card text errors name the line and column", "[card][assembler]") {
    struct Bad {
        const char* text;
        int line, column;
        const char* message;
    };
    const Bad cases[] = {
        {"mvo rf1, 1\n", 1, 1, "unknown instruction 'mvo'; did you mean 'mov'?"},
        {"exit\nmov rf160, 1\n", 2, 5, "mov's destination 'rf160' is not a register"},
        {"mov rv1, 1 2 3\n", 1, 14, "mov rv1 takes 4 immediate numbers, not 3"},
        {"mov rf1, 1 2\n", 1, 12, "takes 1 immediate number, not 2"},
        {"mov rv1, rf1\n", 1, 10, "different types"},
        {"mov rf1, x1\n", 1, 10, "undefined label 'x1'"},
        {"mov rv1, a b c d\na:\n", 1, 10, "label 'a' is a pixel number"},
        {"mov rf1, 1e99\n", 1, 10, "number '1e99' is outside float's range"},
        {"mov rf1, 1e-99\n", 1, 10, "number '1e-99' underflows float"},
        {"mov rf1, 2e-39\n", 1, 10, "number '2e-39' underflows float"},
        {"add rf1\n", 1, 5, "add takes no operands"},
        {"in\n", 1, 1, "in takes one operand"},
        {"in 1\n", 1, 4, "in reads input 0"},
        {"a:\na:\n", 2, 1, "label 'a' is defined twice"},
        {"rf1:\n", 1, 1, "'rf1' cannot be a label"},
        {".depth 3\n", 1, 1, "unknown directive '.depth'"},
        {".width 0\n", 1, 8, ".width takes one whole number"},
    };
    for (const Bad& bad : cases) {
        INFO(bad.text);
        try {
            assemble(bad.text, "bad.pc");
            FAIL("assembled");
        } catch (const ProgramError& error) {
            REQUIRE_FALSE(error.diagnostics().empty());
            const Diagnostic& first = error.diagnostics()[0];
            INFO(first.message);
            CHECK(first.where.file == "bad.pc");
            CHECK(first.where.line == bad.line);
            CHECK(first.where.column == bad.column);
            CHECK(first.message.find(bad.message) != std::string::npos);
        }
    }
}

TEST_CASE("card text: a program larger than .width x .height is refused", "[card][assembler]") {
    CHECK_THROWS_WITH(assemble(".width 2\n.height 2\nmov rf0, 1\n", "t.pc"),
                      Catch::Contains("needs 5 pixels, more than the 2 x 2 card"));
}

TEST_CASE("card: disassembly assembles back to the same floats", "[card][disassembler]") {
    const std::filesystem::path folder = std::filesystem::path(LRT_SOURCE_DIR) / "sdf";
    const std::string programs[] = {
        "mov rf1, 1.0\n",
        ".width 7\n.height 5\nloop: mov rf0, 0.1\nmov rm3, rm1\nmov pos, loop\nexit\n",
        "in 0\nmov rv4, -0.5 1e-7 3.25 100000\nmov rm1, 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 "
        "16\nmulMV\nmov rf20, pos\nmov pos, rf20\nmov pos, end\nsin\nend:\n",
        "mov rf1, -0\nmov rv0, 0 -0 -0.0 0.0\n", // an immediate's sign is data, and kept
    };
    // Bit for bit: == would take -0 for 0.
    const auto sameBits = [](const std::vector<float>& a, const std::vector<float>& b) {
        return a.size() == b.size() &&
               std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
    };
    for (const std::string& text : programs) {
        INFO(text);
        const VerifiedProgram program = verify(assemble(text, "t.pc"));
        const std::string listing = disassemble(program);
        INFO(listing);
        const Card again = assemble(listing, "listing.pc");
        CHECK(again.width == program.card().width);
        CHECK(again.height == program.card().height);
        CHECK(sameBits(again.pixels, program.card().pixels));
    }
    // The hand-written sphere of the library, too.
    const VerifiedProgram sphere = loadCardFile(folder / "sphere.pc");
    CHECK(sameBits(assemble(disassemble(sphere), "sphere").pixels, sphere.card().pixels));
}

} // namespace
} // namespace slvm::card
