// A punch card as data, and its instructions as the verifier decodes them.
//
// A card is a grid of floats read from pixel 0, the bottom-left pixel, left to right and then
// bottom to top. Pixels 0 and 1 are the header (the card's width and height); instructions start
// at pixel 2 and fill the rest of the card, each an opcode followed by its operands.
#pragma once

#include "slvm/card/instruction_set.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace slvm::card {

inline constexpr int kHeaderPixels = 2;

struct Card {
    std::string name; // the file it came from, for diagnostics
    int width = 0;    // as the image is: the header must agree
    int height = 0;
    std::vector<float> pixels; // width x height, in reading order
};

// A decoded instruction. `mov` copies `source` (or `immediate`) into `destination`; `in` loads
// input `input` into rm0; the others take no operands.
struct Instruction {
    Opcode opcode = Opcode::Exit;
    int pixel = 0; // where its opcode is
    int next = 0;  // the pixel after its last operand
    Register destination{};
    Register source{};
    bool hasImmediate = false;
    std::array<float, 16> immediate{}; // destination.width() of them
    int input = 0;
    // A mov's registers resolved for the executor: floats [from, from + width) of the shared
    // array (or the immediate) go to [to, to + width); -1 stands for pos.
    std::int16_t to = 0, from = 0, width = 0;
};

// The pixel index i as the image places it: column i mod width, row i / width counted from the
// bottom.
std::string describePixel(const Card& card, int pixel);

} // namespace slvm::card
