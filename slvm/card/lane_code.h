// The cards' four-point code, private to the card's jit files: a verified card without computed
// jumps compiled to run on four points at once, each float register an SSE register whose four
// lanes are the four points' values of it (docs/jit.md, "Batches"). Such a card takes one path
// whatever the point (its only jumps have immediate targets), so the lanes never part: each lane
// computes, operation for operation, what the card's interpreter computes at its point.
#pragma once

#include "slvm/card/verifier.h"
#include "slvm/jit/native_code.h"

#include <array>
#include <cstdint>
#include <optional>

namespace slvm::card {

struct LaneFrame {
    std::array<float, 4> x, y, z; // the points
    std::uint64_t budget;
    std::array<float, 4> distances; // out: rf0 of each, when `outcome` is kLanesFinished
    std::int32_t outcome;           // out
};
enum LaneOutcome : std::int32_t { kLanesFinished = 0, kLanesResume = 1, kLanesFault = 2 };
using LaneEntry = void (*)(LaneFrame* frame);

// The four-point distance function of `program`, or nullopt where the card has a computed jump.
std::optional<jit::NativeCode> compileLanes(const VerifiedProgram& program);

} // namespace slvm::card
