// The SL interpreter: runs a verified program on a register file, with the host answering the
// global operations. No allocation per invocation; every run ends within its instruction budget.
#pragma once

#include "slvm/sl/host.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/verifier.h"

#include <cstdint>

namespace slvm::sl {

inline constexpr std::uint64_t kDefaultInstructionBudget = 65536;

enum class ExecutionStatus : std::uint8_t {
    Ok,     // ran `ret` or off the end
    Budget, // stopped because one more instruction would have exceeded the budget
};

struct ExecutionResult {
    ExecutionStatus status = ExecutionStatus::Ok;
    std::uint64_t executed = 0; // instructions run, ret, jumps and branches included
};

ExecutionResult execute(const VerifiedProgram& program, RegisterFile& registers, Host& host,
                        std::uint64_t budget = kDefaultInstructionBudget);

} // namespace slvm::sl
