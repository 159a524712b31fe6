// Compiled vertex programs: a verified program translated to x86-64 that computes bitwise what
// the interpreter computes (docs/jit.md). Each four-float register is one SSE register; swizzles,
// negation and |x| are shuffles and sign-bit masks; write masks, condition masks and condition
// codes are lane masks. A VertexMachine given a NativeVertexProgram runs through it; a block the
// budget cuts goes on in the interpreter, with the registers, address registers, condition codes
// and call stack as the compiled code left them.
#pragma once

#include "slvm/jit/native_code.h"
#include "slvm/vp2/vm.h"

#include <array>
#include <memory>

namespace slvm::vp2 {

class NativeVertexProgram {
public:
    // Compiles `program`, which must outlive the result; `statistics`, when given, counts it.
    // Throws jit::CompileError where the code generator fails.
    static std::shared_ptr<const NativeVertexProgram>
    compile(const VerifiedProgram& program, jit::CompileStatistics* statistics = nullptr);

    const VerifiedProgram& program() const { return *program_; }

    // How a compiled run ended: `result`, or, with `resume`, where the interpreter goes on.
    struct Outcome {
        ExecutionResult result;
        bool resume = false;
        std::size_t resumeAt = 0;
        std::array<std::size_t, kCallStackDepth> callStack{};
        int depth = 0;
    };
    // Runs on `attributes` (as given: compiled code flushes the denormals of those it reads) and
    // a machine's registers (RegisterSlots' layout: parameters set, the temporaries and results
    // the program does not write at their initial values); `address` and `condition` are read
    // and written. It stores every register it may write, and o[HPOS] of a position-invariant
    // program.
    Outcome run(const Vector4* attributes, Vector4* registers,
                std::array<std::array<int, 4>, 2>& address, std::array<Condition, 4>& condition,
                std::uint64_t budget) const;

    struct Frame; // what compiled code receives (jit.cpp)

private:
    using EntryPoint = int (*)(float* registers, Frame* frame);
    NativeVertexProgram(const VerifiedProgram& program, jit::NativeCode code)
        : program_(&program), code_(std::move(code)),
          entry_(reinterpret_cast<EntryPoint>(code_.entry())) {}

    const VerifiedProgram* program_;
    jit::NativeCode code_;
    EntryPoint entry_;
};

} // namespace slvm::vp2
