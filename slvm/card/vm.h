// The card executor: runs a verified card on one sample point at a time. A machine holds its
// registers in place, so an evaluation allocates nothing; one machine per thread.
#pragma once

#include "slvm/card/verifier.h"
#include "slvm/common/execution.h"
#include "slvm/jit/native_code.h"

#include <array>
#include <cstdint>

namespace slvm::card {

// "ok", "limit" or "fault", as `lrt card run` prints the status.
using slvm::statusName;

class NativeCard;

// The instruction a mov to pos jumps to for the value `target` (a pixel), or -1 where no
// instruction starts there (the run faults).
int jumpTarget(const VerifiedProgram& program, float target);

class CardMachine {
public:
    // `budget`: instructions one evaluation may execute (exits and jumps included). With
    // `native` (the program compiled, slvm/card/jit.h) runs go through compiled code.
    explicit CardMachine(const VerifiedProgram& program, std::uint64_t budget = kDefaultBudget,
                         const NativeCard* native = nullptr)
        : program_(&program), native_(native), budget_(budget) {}

    // Clears every register, makes input 0 the point (x, y, z, 0) in its first column, and runs
    // from pixel 2 to an exit or the end of the card. The distance is then rf0.
    ExecutionResult run(float x, float y, float z);

    float distance() const { return registers_[0]; }
    const std::array<float, kRegisterFloats>& registers() const { return registers_; }

private:
    // Interprets from instruction `at`, `executed` instructions into the run.
    ExecutionResult interpret(std::size_t at, std::uint64_t executed);

    const VerifiedProgram* program_;
    const NativeCard* native_;
    std::uint64_t budget_;
    std::array<float, kRegisterFloats> registers_{};
    std::array<float, 16> input_{};
};

// The distance at (x, y, z): rf0 after CardMachine(program, budget).run(x, y, z), or NaN where
// that run does not end ok. Out of line, so that a sphere tracer's inlined calls of compiled code
// (card::Executor::distance) do not pay for a machine's frame.
float interpretedDistance(const VerifiedProgram& program, float x, float y, float z,
                          std::uint64_t budget = kDefaultBudget);

} // namespace slvm::card
