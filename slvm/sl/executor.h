// The SL executor: a verified program run compiled or interpreted, as the rule of
// slvm/jit/executor.h chooses (docs/jit.md); the same registers, status and count either way.
#pragma once

#include "slvm/jit/executor.h"
#include "slvm/sl/jit.h"
#include "slvm/sl/vm.h"

namespace slvm::sl {

class Executor : public jit::ProgramExecutor<VerifiedProgram, NativeProgram> {
public:
    using ProgramExecutor::ProgramExecutor;

    // As sl::execute(program(), ...).
    ExecutionResult execute(RegisterFile& registers, Host& host,
                            std::uint64_t budget = kDefaultBudget) const {
        const NativeProgram* compiled = native();
        return compiled ? compiled->execute(registers, host, budget)
                        : sl::execute(program(), registers, host, budget);
    }
};

} // namespace slvm::sl
