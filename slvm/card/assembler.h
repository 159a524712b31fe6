// The card assembler: lrt's text form of a punch card (docs/card.md) to the card's floats.
//
//   ; a comment (or #)          .width 16        ; the card's width (else the smallest square)
//   start:                      in 0             ; the point into rv0
//   mov rv4, 1 2 3 0            ; an immediate: as many numbers as the destination holds
//   mov pos, start              ; a jump: a label stands for its instruction's pixel
#pragma once

#include "slvm/card/program.h"
#include "slvm/common/diagnostic.h"

#include <string_view>

namespace slvm::card {

// Assembles `text` (named `name` in diagnostics) into a card padded with exit (0) to a whole
// rectangle; throws ProgramError with every error, each at file:line:column.
Card assemble(std::string_view text, const std::string& name);

} // namespace slvm::card
