// Compiled SL programs: a verified program translated to x86-64 that computes bitwise what the
// interpreter computes (docs/jit.md). The interpreter stays the reference: a compiled run hands a
// basic block that would cross the budget over to it, so a run that hits the budget stops at the
// same instruction, with the same registers, as an interpreted one.
#pragma once

#include "slvm/jit/native_code.h"
#include "slvm/sl/vm.h"

#include <memory>
#include <optional>

namespace slvm::sl {

class NativeProgram {
public:
    // Compiles `program`, which must outlive the result; `statistics`, when given, counts it.
    // Throws jit::CompileError where the code generator fails. A program longer than
    // kMaxCompiledLength is not compiled: it runs in the interpreter.
    static std::shared_ptr<const NativeProgram>
    compile(const VerifiedProgram& program, jit::CompileStatistics* statistics = nullptr);

    // As sl::execute(program, ...). A host call that throws ends the run and the exception
    // reaches the caller, as in the interpreter.
    ExecutionResult execute(RegisterFile& registers, Host& host,
                            std::uint64_t budget = kDefaultBudget) const;

    const VerifiedProgram& program() const { return *program_; }
    bool isCompiled() const { return code_.has_value(); }

    static constexpr std::size_t kMaxCompiledLength = 16384;

    struct Frame; // what compiled code receives besides the registers (jit.cpp)

private:
    using EntryPoint = int (*)(float* registers, Frame* frame);
    NativeProgram(const VerifiedProgram& program, std::optional<jit::NativeCode> code)
        : program_(&program), code_(std::move(code)),
          entry_(code_ ? reinterpret_cast<EntryPoint>(code_->entry()) : nullptr) {}

    const VerifiedProgram* program_;
    std::optional<jit::NativeCode> code_;
    EntryPoint entry_; // null: interpreted
};

// The executor chosen for one program: compiled code where `kind` is jit and the machine runs it,
// the interpreter otherwise.
class Executor {
public:
    Executor(const VerifiedProgram& program, jit::VmKind kind,
             jit::CompileStatistics* statistics = nullptr);

    ExecutionResult execute(RegisterFile& registers, Host& host,
                            std::uint64_t budget = kDefaultBudget) const {
        return native_ ? native_->execute(registers, host, budget)
                       : sl::execute(*program_, registers, host, budget);
    }

private:
    const VerifiedProgram* program_;
    std::shared_ptr<const NativeProgram> native_;
};

} // namespace slvm::sl
