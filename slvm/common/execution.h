// How a run of a program ends, in every virtual machine of slvm: the same status names, the same
// count of executed instructions, the same word for the cap on them (the budget).
#pragma once

#include <cstdint>

namespace slvm {

enum class ExecutionStatus : std::uint8_t {
    Ok,       // ran to its end: a return with nothing to return to, or off the end of the code
    Budget,   // stopped because one more instruction would exceed the budget; executed == budget
    Overflow, // a call past the machine's call-stack depth; that call counts as executed
    Fault,    // a computed jump (the card machine's mov to pos) to a pixel that starts no
              // instruction; that mov counts as executed
};

struct ExecutionResult {
    ExecutionStatus status = ExecutionStatus::Ok;
    std::uint64_t executed = 0; // instructions run, returns, jumps and branches included
};

// "ok", "limit", "overflow" or "fault", as `lrt vp2 run` and `lrt card run` print a status (SL
// keeps its own word for the budget, "budget").
const char* statusName(ExecutionStatus status);

// Instructions one invocation may execute unless its caller says otherwise: SL's pinned default,
// and the NV_vertex_program2 execution limit.
inline constexpr std::uint64_t kDefaultBudget = 65536;

} // namespace slvm
