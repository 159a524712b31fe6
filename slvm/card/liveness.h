// A card's control flow (its jumps and basic blocks), and which floats of its register array are
// live after each instruction: read later before
// being overwritten, on some path to an exit where `liveAtEnd` is wanted. A run the budget cuts,
// that faults, or that jumps to a pixel held in a register wants nothing: NativeCard::distance
// redoes such a run in the interpreter from the start. Compiled code for the distance alone skips
// the work whose floats are dead (docs/jit.md).
#pragma once

#include "slvm/card/verifier.h"

#include <bitset>
#include <vector>

namespace slvm::card {

using FloatSet = std::bitset<kRegisterFloats>;

// A mov to pos.
bool isJump(const Instruction& in);
// The instructions that start a basic block, and the end: the first, each after an exit or a
// jump, and each target of a jump with an immediate target (jit::blockLength's leaders).
std::vector<bool> blockLeaders(const VerifiedProgram& program);

// The floats instruction `in` writes.
FloatSet writtenBy(const Instruction& in);
// Whether compiled code may leave `in` out: it neither ends nor redirects the run, and writes no
// float of `liveAfter`.
bool isDead(const Instruction& in, const FloatSet& liveAfter);

struct Liveness {
    std::vector<FloatSet> after; // by instruction
    FloatSet atStart;            // before the first instruction (for an empty card, the end's)
};
Liveness liveness(const VerifiedProgram& program, const FloatSet& liveAtEnd);

} // namespace slvm::card
