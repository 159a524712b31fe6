// Compiled vertex programs: a verified program translated to x86-64 that computes bitwise what
// the interpreter computes (docs/jit.md). Each four-float register is one SSE register; swizzles,
// negation and |x| are shuffles and sign-bit masks; write masks, condition masks and condition
// codes are lane masks. A VertexMachine given a NativeVertexProgram runs through it; a block the
// budget cuts goes on in the interpreter, with the registers, address registers, condition codes
// and call stack as the compiled code left them. A run covers many vertices: one call into the
// compiled loop per batch, not per vertex (docs/jit.md, "Batches").
#pragma once

#include "slvm/jit/native_code.h"
#include "slvm/vp2/vm.h"

#include <array>
#include <memory>
#include <span>

namespace slvm::vp2 {

class NativeVertexProgram {
public:
    // Compiles `program`, which must outlive the result. Throws jit::CompileError where the code
    // generator fails. Whether a program is compiled at all is vp2::Executor's choice.
    static std::shared_ptr<const NativeVertexProgram> compile(const VerifiedProgram& program);

    const VerifiedProgram& program() const { return *program_; }

    using Outcome = CompiledRunOutcome; // vm.h
    // Runs the vertices of `attributes` in order, in one loop of compiled code: vertex i's
    // attributes (as given: compiled code flushes the denormals of those it reads) are
    // attributes[i], and the result registers the program writes go to results[i] (the others
    // are not touched). `registers` is a machine's register array in RegisterSlots' layout, with
    // the parameters set and the registers the program does not write at their initial values.
    // Stops after the last vertex, or at the first that overflows the call stack or that the
    // budget cuts inside a block: the outcome is that vertex's. Either way the vertex's
    // registers are left in `registers` (every register it may write), `address` and
    // `condition`.
    Outcome run(std::span<const AttributeRegisters> attributes, ResultRegisters* results,
                Vector4* registers, std::array<std::array<int, 4>, 2>& address,
                std::array<Condition, 4>& condition, std::uint64_t budget) const;

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
