// Malformed cards: each is refused with the pixel that breaks a rule and the rule it breaks.
#include "slvm/card/verifier.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

namespace slvm::card {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

struct Malformed {
    const char* what;
    Card card;
    const char* pixel;  // "pixel N" as the message names it ("" for a card-wide error)
    const char* reason; // a fragment of the message
};

// A one-row card with the header put in front of `body`.
Card row(std::vector<float> body) {
    Card card;
    card.name = "bad.exr";
    card.width = static_cast<int>(body.size()) + 2;
    card.height = 1;
    card.pixels = {static_cast<float>(card.width), 1};
    card.pixels.insert(card.pixels.end(), body.begin(), body.end());
    return card;
}

Card withHeader(float width, float height, std::vector<float> pixels, int imageWidth,
                int imageHeight) {
    Card card{"bad.exr", imageWidth, imageHeight, {width, height}};
    card.pixels.insert(card.pixels.end(), pixels.begin(), pixels.end());
    return card;
}

const std::vector<Malformed> kMalformed = {
    // The header.
    {"a width that is not a number", withHeader(kNaN, 1, {0}, 3, 1), "pixel 0",
     "width must be a whole number"},
    {"a fractional width", withHeader(2.5f, 1, {0}, 3, 1), "pixel 0", "width"},
    {"a zero width", withHeader(0, 1, {0}, 3, 1), "pixel 0", "at least 1"},
    {"a negative height", withHeader(3, -1, {0}, 3, 1), "pixel 1", "height"},
    {"an infinite height", withHeader(3, kInf, {0}, 3, 1), "pixel 1", "height"},
    {"a width the image does not have", withHeader(4, 1, {0}, 3, 1), "pixel 0", "the image's is 3"},
    {"a height the image does not have", withHeader(3, 2, {0}, 3, 1), "pixel 1",
     "the image's is 1"},
    {"a card of one pixel", Card{"bad.exr", 1, 1, {1}}, "pixel 0",
     "shorter than its two header pixels"},
    {"pixels that do not fill width x height", Card{"bad.exr", 3, 2, {3, 2, 0}}, "",
     "holds 3 pixels"},
    // Opcodes.
    {"a NaN opcode", row({kNaN}), "pixel 2", "opcode must be a whole number"},
    {"an infinite opcode", row({kInf}), "pixel 2", "opcode must be a whole number"},
    {"a fractional opcode", row({1.5f}), "pixel 2", "whole number, not 1.5"},
    {"an unknown opcode", row({19}), "pixel 2", "unknown opcode 19"},
    {"an opcode between the ranges", row({50}), "pixel 2", "unknown opcode 50"},
    {"an opcode past the extensions", row({105}), "pixel 2", "unknown opcode 105"},
    {"an immediate form of an operation without operands", row({-3}), "pixel 2", "only mov (-1)"},
    {"an immediate form of in", row({-2, 0}), "pixel 2", "only mov"},
    {"an unknown opcode after a good instruction", row({3, 4, 77}), "pixel 4", "unknown opcode 77"},
    // Register operands.
    {"a register past the matrices' range", row({1, 50, 10}), "pixel 3", "names no register"},
    {"a register past the floats", row({1, 260, 100}), "pixel 3", "names no register"},
    {"operand 1000", row({1, 1000, 100}), "pixel 3", "names no register"},
    {"operand 1002", row({1, 100, 1002}), "pixel 4", "names no register"},
    {"a negative source (a memory address)", row({1, 100, -5}), "pixel 4", "negative operands"},
    {"a NaN register", row({1, kNaN, 100}), "pixel 3", "whole-number register operand"},
    {"a fractional register", row({1, 100.5f, 100}), "pixel 3", "whole-number register operand"},
    {"a mov between a vector and a float", row({1, 10, 100}), "pixel 4", "different types"},
    {"a mov between a matrix and a vector", row({1, 0, 10}), "pixel 4", "different types"},
    {"a mov of a vector into pos", row({1, 1001, 10}), "pixel 4", "different types"},
    // Immediates.
    {"a NaN immediate", row({-1, 100, kNaN}), "pixel 4", "immediate nan is not a finite number"},
    {"an infinite immediate", row({-1, 100, -kInf}), "pixel 4", "not a finite number"},
    {"a NaN in a vector immediate", row({-1, 10, 1, 2, kNaN, 4}), "pixel 6", "not a finite number"},
    // Truncation.
    {"a mov cut off before its destination", row({1}), "pixel 2", "truncated instruction"},
    {"a mov cut off before its source", row({1, 100}), "pixel 2", "truncated"},
    {"a vector immediate cut off", row({-1, 10, 1, 2}), "pixel 2", "truncated"},
    {"a matrix immediate cut off", row({-1, 0, 1, 2, 3, 4, 5, 6, 7, 8}), "pixel 2", "truncated"},
    {"in without its input", row({2}), "pixel 2", "truncated"},
    // Inputs and jumps.
    {"in 1 (there is only the point)", row({2, 1}), "pixel 3", "input 0"},
    {"a fractional input", row({2, 0.5f}), "pixel 3", "input 0"},
    {"a jump into an instruction's operands", row({-1, 1001, 4, 1, 100, 101}), "pixel 4",
     "not the pixel of an instruction"},
    {"a jump past the end", row({-1, 1001, 99}), "pixel 4", "not the pixel of an instruction"},
    {"a jump to the header", row({-1, 1001, 0}), "pixel 4", "not the pixel"},
    {"a jump to a fractional pixel", row({-1, 1001, 2.5f}), "pixel 4", "not the pixel"},
    // One encoding for each whole number (issue 31, defect 11: -0 verified as exit, and the text
    // round trip wrote +0).
    {"-0 as an opcode", row({-0.0f}), "pixel 2", "the opcode must be a whole number, not -0"},
    {"-0 as a register", row({1, -0.0f, 100}), "pixel 3", "whole-number register operand"},
    {"in -0", row({2, -0.0f}), "pixel 3", "input 0"},
    {"a jump to pixel -0", row({-1, 1001, -0.0f}), "pixel 4", "not the pixel"},
};

TEST_CASE("card: malformed cards are refused with the pixel and the reason", "[card][verifier]") {
    CHECK(kMalformed.size() >= 30);
    for (const Malformed& bad : kMalformed) {
        INFO(bad.what);
        const std::vector<Diagnostic> errors = checkCard(bad.card);
        REQUIRE(errors.size() == 1);
        INFO(errors[0].message);
        CHECK(errors[0].where.file == "bad.exr");
        if (*bad.pixel)
            CHECK(errors[0].message.starts_with(std::string(bad.pixel) + " ("));
        CHECK(errors[0].message.find(bad.reason) != std::string::npos);
        CHECK_THROWS_AS(verify(bad.card), ProgramError);
    }
}

TEST_CASE("card: the pixel is placed on the image, counted from the bottom", "[card][verifier]") {
    // A 3 x 2 card: pixel 4 is column 1 of the second row from the bottom.
    const Card card = withHeader(3, 2, {0, 0, 77, 0}, 3, 2);
    const auto errors = checkCard(card);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message == "pixel 4 (column 1, row 1 from the bottom): unknown opcode 77: "
                               "opcodes are 0-18 and lrt's extensions 100-104");
}

TEST_CASE("card: well-formed cards pass, jumps to the end included", "[card][verifier]") {
    CHECK(checkCard(row({})).empty());                           // no instructions at all
    CHECK(checkCard(row({0, 0, 0})).empty());                    // exits (padding)
    CHECK(checkCard(row({-1, 1001, 5})).empty());                // a jump to the end of the card
    CHECK(checkCard(row({-1, 1001, 2})).empty());                // a jump to itself
    CHECK(checkCard(row({1, 1001, 100, 1, 100, 1001})).empty()); // pos to and from a float
    CHECK(checkCard(row({100, 101, 102, 103, 104})).empty());    // the extensions
    const VerifiedProgram program = verify(row({100, 3}));
    CHECK(program.usesExtensions());
    CHECK_FALSE(verify(row({3})).usesExtensions());
}

} // namespace
} // namespace slvm::card
