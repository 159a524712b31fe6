// What a VM's code generator writes into: an asmjit compiler over a code holder for the host,
// whose errors throw CompileError, and that finishes into a NativeCode. Only the VMs' jit.cpp
// files include this (it brings in asmjit).
#pragma once

#include "slvm/jit/native_code.h"

#include <asmjit/x86.h>
#include <optional>
#include <utility>
#include <vector>

namespace slvm::jit {

class NativeCode::Builder {
public:
    Builder();
    ~Builder();
    Builder(const Builder&) = delete;
    Builder& operator=(const Builder&) = delete;

    asmjit::x86::Compiler& compiler() { return compiler_; }
    // Finalises the function the compiler holds and maps it executable.
    NativeCode finish();

private:
    class ThrowingErrorHandler : public asmjit::ErrorHandler {
    public:
        void handleError(asmjit::Error error, const char* message,
                         asmjit::BaseEmitter* origin) override;
    };

    std::unique_ptr<Storage> storage_;
    ThrowingErrorHandler errors_;
    asmjit::CodeHolder code_;
    asmjit::x86::Compiler compiler_;
};

// Calls `function` with `arguments` (registers or immediates), which must already be computed:
// the call node is emitted here, so code that made an argument after it would run after the call.
template <typename Result, typename... Parameters, typename... Arguments>
asmjit::InvokeNode* invoke(asmjit::x86::Compiler& cc, Result (*function)(Parameters...),
                           const Arguments&... arguments) {
    static_assert(sizeof...(Parameters) == sizeof...(Arguments));
    asmjit::InvokeNode* node = nullptr;
    cc.invoke(&node, reinterpret_cast<std::uint64_t>(function),
              asmjit::FuncSignatureT<Result, Parameters...>(asmjit::CallConvId::kHost));
    std::size_t index = 0;
    (node->setArg(index++, arguments), ...);
    return node;
}

// The instruction budget, counted per basic block: a block adds its length to the count on
// entry, unless that would cross the budget; then the code leaves through the block's exit, with
// the block's first instruction in `resumeAt`, for the interpreter to run it instruction by
// instruction and stop where it would.
class BudgetCounter {
public:
    // `budget` holds the run's budget; the count starts at 0.
    BudgetCounter(asmjit::x86::Compiler& cc, const asmjit::x86::Gp& budget);

    const asmjit::x86::Gp& executed() const { return executed_; }
    // Starts the count again at 0, for a loop over many runs.
    void restart() { cc_.xor_(executed_, executed_); }
    void enterBlock(std::uint32_t first, std::uint32_t length);
    // Emits the blocks' exits: each sets `resumeAt` and jumps to `resume`.
    void emitExits(const asmjit::Label& resume, const asmjit::x86::Gp& resumeAt);

private:
    asmjit::x86::Compiler& cc_;
    asmjit::x86::Gp budget_, executed_, next_;
    std::vector<std::pair<asmjit::Label, std::uint32_t>> exits_;
};

// Instructions that start a basic block, as a flag per instruction and one for the end:
// `leaders[i]` is set by the caller for jump targets and the instructions after jumps; the first
// instruction and the end always start one. `blockLength(leaders, i)` counts a leader's block.
std::uint32_t blockLength(const std::vector<bool>& leaders, std::size_t first);

// The function each generator writes, int f(float* registers, Frame* frame), begun: its two
// arguments, and `budget` made a counter over the frame's 64-bit field at `budgetOffset`.
struct ProgramFunction {
    asmjit::x86::Gp registers, frame;
};
ProgramFunction beginProgramFunction(asmjit::x86::Compiler& cc, std::int32_t budgetOffset,
                                     std::optional<BudgetCounter>& budget);

// A label for each instruction that starts a block and for the end (the others stay invalid).
std::vector<asmjit::Label> leaderLabels(asmjit::x86::Compiler& cc,
                                        const std::vector<bool>& leaders);

// Emits the instructions with `emit(i)` in order, binding each block's label and counting the
// block on entry.
template <typename Emit>
void emitBlocks(asmjit::x86::Compiler& cc, BudgetCounter& budget, const std::vector<bool>& leaders,
                const std::vector<asmjit::Label>& labels, Emit emit) {
    for (std::size_t i = 0; i + 1 < leaders.size(); ++i) {
        if (leaders[i]) {
            cc.bind(labels[i]);
            budget.enterBlock(static_cast<std::uint32_t>(i), blockLength(leaders, i));
        }
        emit(i);
    }
}

// The packed generators' building blocks, each into a new register: four zeros; a copy of x;
// x combined with y (a register or a 16-byte aligned memory operand) by a two-operand SSE
// instruction, x left as it is; x's lanes in the order `order` picks (pshufd's immediate).
inline asmjit::x86::Xmm zeroed(asmjit::x86::Compiler& cc) {
    const asmjit::x86::Xmm zero = cc.newXmm();
    cc.xorps(zero, zero);
    return zero;
}
inline asmjit::x86::Xmm copied(asmjit::x86::Compiler& cc, const asmjit::x86::Xmm& x) {
    const asmjit::x86::Xmm copy = cc.newXmm();
    cc.movaps(copy, x);
    return copy;
}
template <typename Operand>
asmjit::x86::Xmm packed(asmjit::x86::Compiler& cc, asmjit::InstId instruction,
                        const asmjit::x86::Xmm& x, const Operand& y) {
    const asmjit::x86::Xmm result = copied(cc, x);
    cc.emit(instruction, result, y);
    return result;
}
inline asmjit::x86::Xmm shuffled(asmjit::x86::Compiler& cc, const asmjit::x86::Xmm& x, int order) {
    const asmjit::x86::Xmm result = cc.newXmm();
    cc.pshufd(result, x, order);
    return result;
}

// A float constant as a memory operand of the function's constant pool.
inline asmjit::x86::Mem constant(asmjit::x86::Compiler& cc, float value) {
    return cc.newFloatConst(asmjit::ConstPoolScope::kLocal, value);
}

// floorf(x) (`floor`) or ceilf(x) as glibc computes them: roundss for numbers, and a NaN argument
// returned as it is, signalling ones too (roundss would quieten them).
asmjit::x86::Xmm roundDown(asmjit::x86::Compiler& cc, const asmjit::x86::Xmm& x, bool floor);

} // namespace slvm::jit
