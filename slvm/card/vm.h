// The card executor: runs a verified card on one sample point at a time. A machine holds its
// registers in place, so an evaluation allocates nothing; one machine per thread.
#pragma once

#include "slvm/card/verifier.h"
#include "slvm/common/execution.h"

#include <array>
#include <cstdint>

namespace slvm::card {

// "ok", "limit" or "fault", as `lrt card run` prints the status.
using slvm::statusName;

class CardMachine {
public:
    // `budget`: instructions one evaluation may execute (exits and jumps included).
    explicit CardMachine(const VerifiedProgram& program, std::uint64_t budget = kDefaultBudget)
        : program_(&program), budget_(budget) {}

    // Clears every register, makes input 0 the point (x, y, z, 0) in its first column, and runs
    // from pixel 2 to an exit or the end of the card. The distance is then rf0.
    ExecutionResult run(float x, float y, float z);

    float distance() const { return registers_[0]; }
    const std::array<float, kRegisterFloats>& registers() const { return registers_; }

private:
    const VerifiedProgram* program_;
    std::uint64_t budget_;
    std::array<float, kRegisterFloats> registers_{};
    std::array<float, 16> input_{};
};

} // namespace slvm::card
