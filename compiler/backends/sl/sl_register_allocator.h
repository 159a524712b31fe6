// Register allocation for SL code: linear scan over the code as written (it has no backward
// jumps, so a value is live from its first mention to its last) onto SL's five writable vectors
// (r0-r3, v0) and five scalars (s0-s3, v1). When scalars run short, some live in the w
// components of the vectors (which SL's vector instructions never touch), reloaded with movc and
// stored with lc around each use through two reserved scalars.
#pragma once

#include "compiler/backends/sl/sl_machine_code.h"
#include "slvm/common/diagnostic.h"

#include <vector>

namespace compiler::backends::sl_code {

// Rewrites `code` onto physical registers (every operand's `physical` set, spill code inserted);
// on failure leaves an error naming the line where pressure peaks and returns false.
bool allocateRegisters(std::vector<MachineInstruction>& code,
                       const std::vector<RegisterClass>& classes,
                       std::vector<slvm::Diagnostic>& errors);

} // namespace compiler::backends::sl_code
