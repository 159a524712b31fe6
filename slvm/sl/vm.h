// The SL interpreter: runs a verified program on a register file, with the host answering the
// global operations. No allocation per invocation; every run ends within its instruction budget.
#pragma once

#include "slvm/common/execution.h"
#include "slvm/sl/host.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/verifier.h"

#include <cstdint>

namespace slvm::sl {

// The shared run results, spelled as this VM's own (sl::ExecutionStatus and so on).
using slvm::ExecutionResult;
using slvm::ExecutionStatus;
using slvm::kDefaultBudget;

// "ok" or "budget", as `lrt sl run` prints the status (docs/sl.md).
const char* statusName(ExecutionStatus status);

ExecutionResult execute(const VerifiedProgram& program, RegisterFile& registers, Host& host,
                        std::uint64_t budget = kDefaultBudget);

// Goes on with a run at instruction `ip`, `executed` instructions into it: where compiled code
// hands over a basic block that would cross the budget.
ExecutionResult resume(const VerifiedProgram& program, RegisterFile& registers, Host& host,
                       std::uint64_t budget, std::size_t ip, std::uint64_t executed);

// norm's result: s.xyz / |s.xyz| into d.xyz, exactly as the interpreter computes it (compiled code
// calls it for lengths outside its fast path).
void normalize(Float4& d, const Float4& s);

} // namespace slvm::sl
