// Compiled SL programs: a verified program translated to x86-64 that computes bitwise what the
// interpreter computes (docs/jit.md). The interpreter stays the reference: a compiled run hands a
// basic block that would cross the budget over to it, so a run that hits the budget stops at the
// same instruction, with the same registers, as an interpreted one.
#pragma once

#include "slvm/jit/native_code.h"
#include "slvm/sl/vm.h"

#include <memory>

namespace slvm::sl {

class NativeProgram {
public:
    // Compiles `program`, which must outlive the result. Throws jit::CompileError where the code
    // generator fails. Whether a program is compiled at all is sl::Executor's choice.
    static std::shared_ptr<const NativeProgram> compile(const VerifiedProgram& program);

    // As sl::execute(program, ...). A host call that throws ends the run and the exception
    // reaches the caller, as in the interpreter.
    ExecutionResult execute(RegisterFile& registers, Host& host,
                            std::uint64_t budget = kDefaultBudget) const;

    const VerifiedProgram& program() const { return *program_; }

    struct Frame; // what compiled code receives besides the registers (jit.cpp)

private:
    using EntryPoint = int (*)(float* registers, Frame* frame);
    NativeProgram(const VerifiedProgram& program, jit::NativeCode code)
        : program_(&program), code_(std::move(code)),
          entry_(reinterpret_cast<EntryPoint>(code_.entry())) {}

    const VerifiedProgram* program_;
    jit::NativeCode code_;
    EntryPoint entry_;
};

} // namespace slvm::sl
