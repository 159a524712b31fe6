// Which floats of a card's register array are live after each instruction: read later before
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

// The floats instruction `in` writes.
FloatSet writtenBy(const Instruction& in);

// The floats live before `in`, given those live after it.
FloatSet liveBefore(const Instruction& in, const FloatSet& after);

std::vector<FloatSet> liveAfter(const VerifiedProgram& program, const FloatSet& liveAtEnd);

} // namespace slvm::card
