// The card verifier: decodes a card into instructions and checks every rule the executor relies on
// (the header, whole-number opcodes and operands, register numbers, register types of a mov,
// finite immediates, jump targets), naming the offending pixel. verify() is the only way to make
// a VerifiedProgram, so the executor trusts every offset it is given.
#pragma once

#include "slvm/card/program.h"
#include "slvm/common/diagnostic.h"

#include <cstdint>
#include <vector>

namespace slvm::card {

class VerifiedProgram {
public:
    const Card& card() const { return card_; }
    const std::string& name() const { return card_.name; }
    const std::vector<Instruction>& instructions() const { return instructions_; }
    // The instructions, as the JIT's length limit counts them (slvm/jit/executor.h).
    std::size_t length() const { return instructions_.size(); }
    // The instruction that starts at `pixel`, instructions().size() for the end of the card (an
    // implicit exit), or -1 when none starts there.
    int instructionAt(int pixel) const {
        return pixel >= 0 && pixel < static_cast<int>(startAt_.size())
                   ? startAt_[static_cast<std::size_t>(pixel)]
                   : -1;
    }
    // Whether the card uses lrt's extension opcodes (100 and up).
    bool usesExtensions() const { return usesExtensions_; }

private:
    friend VerifiedProgram verify(Card card);
    VerifiedProgram(Card card, std::vector<Instruction> instructions,
                    std::vector<std::int32_t> startAt, bool usesExtensions)
        : card_(std::move(card)), instructions_(std::move(instructions)),
          startAt_(std::move(startAt)), usesExtensions_(usesExtensions) {}

    Card card_;
    std::vector<Instruction> instructions_;
    std::vector<std::int32_t> startAt_; // pixel -> instruction index, -1 inside an instruction
    bool usesExtensions_;
};

// The first rule `card` breaks (decoding cannot go on past a malformed instruction), or nothing.
std::vector<Diagnostic> checkCard(const Card& card);

// Throws ProgramError holding checkCard's diagnostic when there is one.
VerifiedProgram verify(Card card);

} // namespace slvm::card
