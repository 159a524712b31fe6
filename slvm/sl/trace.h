// Instruction-by-instruction record of one SL run, for debuggers (`lrt debug`, the preview's pixel
// debugger): each executed instruction's index, where control went next, and its first
// operand's register after it (the destination, for every instruction that writes one). A traced
// run goes through the same interpreter loop as execute (one template, two instantiations), so it
// computes bitwise what an untraced run does.
#pragma once

#include "slvm/sl/vm.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace slvm::sl {

struct TraceStep {
    std::uint32_t pc = 0;   // the instruction's index in the program
    std::uint32_t next = 0; // the index run next (the program's length after the last)
    Float4 value{};         // register `a` of the instruction after it ran
};

// Runs as execute does, appending a step per executed instruction to `steps`, at most
// `maxSteps` of them (the run itself goes on to its end or its budget).
ExecutionResult executeTraced(const VerifiedProgram& program, RegisterFile& registers, Host& host,
                              std::uint64_t budget, std::vector<TraceStep>& steps,
                              std::size_t maxSteps);

} // namespace slvm::sl
