// The vertex program code generator's class, private to its two files: jit.cpp (the function, the
// vertex loop, control flow) and jit_operations.cpp (operands, operations and writes). Only they
// include it (it brings in asmjit).
#pragma once

#include "slvm/jit/code_builder.h"
#include "slvm/vp2/dot_groups.h"
#include "slvm/vp2/jit.h"

#include <array>
#include <bit>
#include <optional>
#include <vector>

namespace slvm::vp2 {

struct NativeVertexProgram::Frame {
    const AttributeRegisters* attributes; // not yet flushed
    ResultRegisters* results;
    std::uint64_t count;   // vertices, at least 1
    std::int32_t* address; // out: A0 then A1, four ints each
    float* condition;      // out: the four condition values
    std::uint64_t budget;
    std::uint64_t vertex;   // out: the vertex the run ended on
    std::uint64_t executed; // out
    std::uint64_t callStack[kCallStackDepth];
    std::int32_t depth;    // in the call stack, out
    std::int32_t resumeAt; // out
};

namespace jit_generator {

using Frame = NativeVertexProgram::Frame;
namespace x86 = asmjit::x86;
using Xmm = x86::Xmm;
using asmjit::InstId;
namespace Inst = x86::Inst;

enum Outcome : int { kFinished = 0, kResume = 1, kOverflow = 2 };

inline bool isBranch(Opcode op) {
    return op == Opcode::BRA || op == Opcode::CAL || op == Opcode::RET;
}

class Generator {
public:
    Generator(x86::Compiler& cc, const VerifiedProgram& program)
        : cc_(cc), program_(program), steps_(decodeProgram(program)) {}

    void generate();

private:
    Xmm temporary() { return cc_.newXmm(); }
    Xmm copyOf(const Xmm& x) { return jit::copied(cc_, x); }
    template <typename Operand>
    Xmm packed(InstId instruction, const Xmm& x, const Operand& y) {
        return jit::packed(cc_, instruction, x, y);
    }
    Xmm shuffled(const Xmm& x, int order) { return jit::shuffled(cc_, x, order); }
    Xmm broadcast(const Xmm& x) { return shuffled(x, 0); }
    // `bits` in every lane, as an operand in the constant pool (16-byte aligned, as SSE's
    // memory operands need).
    x86::Mem lanes(std::uint32_t bits) {
        const std::uint32_t all[4] = {bits, bits, bits, bits};
        return cc_.newConst(asmjit::ConstPoolScope::kLocal, all, 16);
    }
    x86::Mem lanes(float value) { return lanes(std::bit_cast<std::uint32_t>(value)); }
    template <typename Value>
    Xmm constant(Value value) { // in a register
        const Xmm t = temporary();
        cc_.movaps(t, lanes(value));
        return t;
    }
    Xmm zero() { return jit::zeroed(cc_); }
    // mask ? y : x, lane for lane (mask lanes all ones or all zeros).
    Xmm select(const Xmm& mask, const Xmm& x, const Xmm& y) {
        const Xmm kept = packed(Inst::kIdAndnps, mask, x), taken = packed(Inst::kIdAndps, y, mask);
        cc_.orps(kept, taken);
        return kept;
    }
    // The interpreter's quiet NaN where either operand is NaN, `value` elsewhere.
    Xmm nanWhereUnordered(const Xmm& value, const Xmm& a, const Xmm& b) {
        const Xmm unordered = copyOf(a);
        cc_.cmpps(unordered, b, 3);
        return select(unordered, value, constant(std::numeric_limits<float>::quiet_NaN()));
    }
    // The lanes, from 1.0 or 0.0 by a comparison mask.
    Xmm ones(const Xmm& mask) { return packed(Inst::kIdAndps, mask, lanes(1.0f)); }
    // The lanes where `rule` passes for the condition codes the swizzle picks.
    Xmm conditionMask(ConditionRule rule, const Swizzle& swizzle);
    Xmm writeMask(std::uint8_t mask) {
        std::uint32_t lanes[4];
        for (int i = 0; i < 4; ++i)
            lanes[i] = (mask >> i) & 1 ? ~0u : 0u;
        const Xmm t = temporary();
        cc_.movups(t, cc_.newConst(asmjit::ConstPoolScope::kLocal, lanes, 16));
        return t;
    }
    Xmm dot(const Xmm& a, const Xmm& b, int terms, const Xmm* plus);

    Xmm load(const DecodedOperand& o);
    Xmm evaluate(const DecodedStep& s);
    void emitDotGroup(const DotGroup& group);
    std::array<Xmm, 4> transposedRows(const DotGroup& group);
    std::array<Xmm, 4> transposed(const std::array<Xmm, 4>& rows);
    // Emits `emit()` where the function starts, before the vertex loop, for values every vertex
    // shares.
    template <typename Emit>
    void hoisted(Emit emit) {
        asmjit::BaseNode* const here = cc_.setCursor(hoistPoint_);
        emit();
        hoistPoint_ = cc_.cursor();
        cc_.setCursor(here);
    }
    // The operations on a.x, replicated, and those the interpreter's own functions compute.
    Xmm reciprocal(const Xmm& a, bool squareRoot);
    Xmm hostScalar(float (*function)(float), const Xmm& a);
    Xmm hostFourFloats(Opcode opcode, const Xmm& a);
    Xmm flushed(const Xmm& value);
    Xmm attribute(int index); // v[index], flushed
    void write(const DecodedStep& s, const Xmm& value);
    void writeAddress(const DecodedStep& s);
    void emitFlow(std::size_t index, const DecodedStep& s);
    void emitInitialValues();
    void emitNextVertex(const asmjit::Label& vertexLoop);
    void emitReturn(Outcome outcome);
    bool isWritten(int slot) const { return written_[static_cast<std::size_t>(slot)]; }

    x86::Compiler& cc_;
    const VerifiedProgram& program_;
    std::vector<DecodedStep> steps_;
    std::array<Xmm, RegisterSlots::kCount> slot_{};
    std::array<bool, RegisterSlots::kCount> written_{};
    std::array<Xmm, 2> address_{};
    Xmm condition_;
    x86::Gp registers_, frame_, attributes_, results_, remaining_, vertex_, resumeAt_, depth_;
    std::optional<jit::BudgetCounter> budget_;
    std::vector<asmjit::Label> labels_;
    std::vector<std::uint32_t> returnSites_;
    asmjit::Label resume_, overflow_;
    asmjit::BaseNode* hoistPoint_ = nullptr;
    // Transposed parameter rows, by the row operands in lane order, made once per run.
    std::vector<std::pair<std::array<DecodedOperand, 4>, std::array<Xmm, 4>>> hoistedRows_;
};

} // namespace jit_generator
} // namespace slvm::vp2
