// A card's control flow as both of its code generators emit it (jit.cpp, one point; jit_lanes.cpp,
// four): a label per basic block, the budget counted on entering each, an exit or the end of the
// code jumping to the end label, and a jump to an immediate target going to its block or, where
// the interpreter would fault, to the fault label. Only the instructions that compute or move
// data are left to the generator.
#pragma once

#include "slvm/card/liveness.h"
#include "slvm/card/vm.h"
#include "slvm/jit/code_builder.h"

#include <cstddef>
#include <vector>

namespace slvm::card {

class CardBlocks {
public:
    CardBlocks(asmjit::x86::Compiler& cc, const VerifiedProgram& program)
        : cc_(cc), program_(program), leaders_(blockLeaders(program)),
          labels_(jit::leaderLabels(cc, leaders_)), fault_(cc.newLabel()), resume_(cc.newLabel()) {}

    // Emits the card block by block: exits and jumps to immediate targets here, every other
    // instruction (a jump to a target held in a register too) through `emitOther(index)`; then
    // binds the end label, where the generator emits what a finished run does.
    template <typename EmitOther>
    void emitCode(jit::BudgetCounter& budget, EmitOther emitOther) {
        const std::vector<Instruction>& code = program_.instructions();
        jit::emitBlocks(cc_, budget, leaders_, labels_, [&](std::size_t index) {
            const Instruction& in = code[index];
            if (in.opcode == Opcode::Exit) {
                cc_.jmp(labels_.back());
            } else if (isJump(in) && in.hasImmediate) {
                const int target = jumpTarget(program_, in.immediate[0]);
                cc_.jmp(target < 0 ? fault_ : labels_[static_cast<std::size_t>(target)]);
            } else {
                emitOther(index);
            }
        });
        cc_.bind(labels_.back());
    }

    const std::vector<bool>& leaders() const { return leaders_; }
    const asmjit::Label& label(std::size_t index) const { return labels_[index]; }
    // Where a run that faults, or that must resume in the interpreter, leaves the code.
    const asmjit::Label& fault() const { return fault_; }
    const asmjit::Label& resume() const { return resume_; }

private:
    asmjit::x86::Compiler& cc_;
    const VerifiedProgram& program_;
    std::vector<bool> leaders_;
    std::vector<asmjit::Label> labels_; // one per instruction that leads a block, and the end
    asmjit::Label fault_, resume_;
};

} // namespace slvm::card
