// The vertex program code generator: one x86-64 function per verified program, built with
// asmjit's compiler over the interpreter's decoded steps (decoded_program.h).
//
// The function is a loop over a batch of vertices. Temporaries and results the program writes
// live in virtual SSE registers, set to their initial values for each vertex; a finished vertex
// stores its results, and every exit stores the registers back to the machine's array.
// Attributes and parameters are read from memory where used, but the transposed rows of a matrix
// transform of parameters are made once, before the loop. The condition code register holds, per
// component, the last value written to it (already flushed), from which a comparison with zero
// gives its condition (LT, EQ, GT, or UN for NaN). The budget is counted per basic block
// (jit::BudgetCounter), starting again at each vertex.
#include "slvm/jit/block_leaders.h"
#include "slvm/vp2/jit_generator.h"

#include <cstddef>

namespace slvm::vp2 {
namespace jit_generator {

void Generator::generate() {
    const jit::ProgramFunction function =
        jit::beginProgramFunction(cc_, offsetof(Frame, budget), budget_);
    registers_ = function.registers;
    frame_ = function.frame;
    resumeAt_ = cc_.newInt32("resumeAt");
    depth_ = cc_.newIntPtr("depth");
    attributes_ = cc_.newIntPtr("attributes");
    results_ = cc_.newIntPtr("results");
    remaining_ = cc_.newUInt64("remaining");
    vertex_ = cc_.newUInt64("vertex");
    cc_.mov(attributes_, x86::qword_ptr(frame_, offsetof(Frame, attributes)));
    cc_.mov(results_, x86::qword_ptr(frame_, offsetof(Frame, results)));
    cc_.mov(remaining_, x86::qword_ptr(frame_, offsetof(Frame, count)));
    cc_.xor_(vertex_, vertex_);

    // BRA and CAL go to their target or on, RET back; a call returns to the instruction after it.
    const std::vector<bool> leader = jit::blockLeaders(
        steps_.size(), static_cast<std::size_t>(program_.entryPoint()), [&](std::size_t i) {
            const DecodedStep& s = steps_[i];
            const bool jumps = s.opcode == Opcode::BRA || s.opcode == Opcode::CAL;
            return jit::ControlFlow{isBranch(s.opcode),
                                    jumps ? std::optional(static_cast<std::size_t>(s.target))
                                          : std::nullopt};
        });
    for (std::size_t i = 0; i < steps_.size(); ++i)
        if (steps_[i].opcode == Opcode::CAL)
            returnSites_.push_back(static_cast<std::uint32_t>(i + 1));
    written_ = writtenSlots(steps_, program_.positionInvariant());

    hoistPoint_ = cc_.cursor();
    const asmjit::Label vertexLoop = cc_.newLabel();
    cc_.bind(vertexLoop);
    emitInitialValues();
    labels_ = jit::leaderLabels(cc_, leader);
    resume_ = cc_.newLabel();
    overflow_ = cc_.newLabel();
    cc_.jmp(labels_[static_cast<std::size_t>(program_.entryPoint())]);
    const std::vector<DotGroup> groups = findDotGroups(steps_, leader);
    auto group = groups.begin();
    jit::emitBlocks(cc_, *budget_, leader, labels_, [&](std::size_t i) {
        const DecodedStep& s = steps_[i];
        if (group != groups.end() && i >= group->first) {
            if (i == group->first)
                emitDotGroup(*group);
            if (i + 1 == group->first + group->count)
                ++group;
            return;
        }
        if (isBranch(s.opcode))
            emitFlow(i, s);
        else if (s.destinationFile == RegisterFile::Address)
            writeAddress(s);
        else
            write(s, evaluate(s));
    });
    cc_.bind(labels_[steps_.size()]);
    emitNextVertex(vertexLoop);
    emitReturn(kFinished);
    budget_->emitExits(resume_, resumeAt_);
    cc_.bind(resume_);
    cc_.mov(x86::dword_ptr(frame_, offsetof(Frame, resumeAt)), resumeAt_);
    emitReturn(kResume);
    cc_.bind(overflow_);
    emitReturn(kOverflow);
    cc_.endFunc();
}

// Each vertex starts with its written temporaries at 0, its results at (0, 0, 0, 1), a
// position-invariant program's o[HPOS] at v[OPOS], the address registers at 0, every condition
// code EQ (a condition value of 0), and nothing counted or called.
void Generator::emitInitialValues() {
    budget_->restart();
    cc_.xor_(depth_, depth_);
    for (int slot = 0; slot < RegisterSlots::kCount; ++slot) {
        if (!isWritten(slot))
            continue;
        Xmm& value = slot_[static_cast<std::size_t>(slot)];
        if (slot < RegisterSlots::kResultBase) {
            value = zero();
        } else if (slot == RegisterSlots::kResultBase && program_.positionInvariant()) {
            value = attribute(static_cast<int>(Attribute::OPOS));
        } else {
            value = temporary();
            cc_.movups(value, cc_.newConst(asmjit::ConstPoolScope::kLocal, kInitialResult.data(),
                                           sizeof kInitialResult));
        }
    }
    for (Xmm& address : address_)
        address = zero();
    condition_ = zero();
}

// A finished vertex stores the results it wrote to its slots in the results; the loop goes on to
// the next vertex, or, after the last, falls through to the return.
void Generator::emitNextVertex(const asmjit::Label& vertexLoop) {
    for (int slot = RegisterSlots::kResultBase; slot < RegisterSlots::kParameterBase; ++slot)
        if (isWritten(slot))
            cc_.movups(x86::xmmword_ptr(results_, 16 * (slot - RegisterSlots::kResultBase)),
                       slot_[static_cast<std::size_t>(slot)]);
    const asmjit::Label last = cc_.newLabel();
    cc_.dec(remaining_);
    cc_.jz(last);
    cc_.inc(vertex_);
    cc_.add(attributes_, static_cast<std::int32_t>(sizeof(AttributeRegisters)));
    cc_.add(results_, static_cast<std::int32_t>(sizeof(ResultRegisters)));
    cc_.jmp(vertexLoop);
    cc_.bind(last);
}

// Stores the written registers, the address registers, the condition values, the count and the
// call depth, and returns `outcome`.
void Generator::emitReturn(Outcome outcome) {
    for (int slot = 0; slot < RegisterSlots::kCount; ++slot)
        if (isWritten(slot))
            cc_.movups(x86::xmmword_ptr(registers_, 16 * slot),
                       slot_[static_cast<std::size_t>(slot)]);
    const x86::Gp pointer = cc_.newIntPtr();
    cc_.mov(pointer, x86::qword_ptr(frame_, offsetof(Frame, address)));
    for (int i = 0; i < 2; ++i)
        cc_.movups(x86::xmmword_ptr(pointer, 16 * i), address_[static_cast<std::size_t>(i)]);
    cc_.mov(pointer, x86::qword_ptr(frame_, offsetof(Frame, condition)));
    cc_.movups(x86::xmmword_ptr(pointer), condition_);
    cc_.mov(x86::qword_ptr(frame_, offsetof(Frame, executed)), budget_->executed());
    cc_.mov(x86::qword_ptr(frame_, offsetof(Frame, vertex)), vertex_);
    cc_.mov(x86::dword_ptr(frame_, offsetof(Frame, depth)), depth_.r32());
    const x86::Gp result = cc_.newInt32();
    cc_.mov(result, outcome);
    cc_.ret(result);
}
// BRA, CAL and RET, taken when any swizzled condition passes.
void Generator::emitFlow(std::size_t index, const DecodedStep& s) {
    if (s.conditionRule == ConditionRule::FL)
        return;
    const asmjit::Label skip = cc_.newLabel();
    if (s.conditionRule != ConditionRule::None && s.conditionRule != ConditionRule::TR) {
        const x86::Gp lanes = cc_.newInt32();
        cc_.movmskps(lanes, conditionMask(s.conditionRule, s.conditionSwizzle));
        cc_.test(lanes, lanes);
        cc_.jz(skip);
    }
    const x86::Mem stackTop = x86::qword_ptr(frame_, depth_, 3, offsetof(Frame, callStack));
    if (s.opcode == Opcode::BRA) {
        cc_.jmp(labels_[static_cast<std::size_t>(s.target)]);
    } else if (s.opcode == Opcode::CAL) {
        cc_.cmp(depth_, kCallStackDepth);
        cc_.je(overflow_);
        const x86::Gp site = cc_.newUInt64();
        cc_.mov(site, index + 1);
        cc_.mov(stackTop, site);
        cc_.inc(depth_);
        cc_.jmp(labels_[static_cast<std::size_t>(s.target)]);
    } else { // RET: to the end with an empty stack, else to the site on top
        cc_.test(depth_, depth_);
        cc_.jz(labels_[steps_.size()]);
        cc_.dec(depth_);
        const x86::Gp site = cc_.newUInt64();
        cc_.mov(site, stackTop);
        for (const std::uint32_t returnSite : returnSites_) {
            cc_.cmp(site, returnSite);
            cc_.je(labels_[returnSite]);
        }
        cc_.mov(resumeAt_, site.r32()); // not reached: every pushed site is a return site
        cc_.jmp(resume_);
    }
    cc_.bind(skip);
}

} // namespace jit_generator

using jit_generator::Generator;
using jit_generator::kOverflow;
using jit_generator::kResume;

std::shared_ptr<const NativeVertexProgram>
NativeVertexProgram::compile(const VerifiedProgram& program) {
    jit::NativeCode::Builder builder;
    Generator(builder.compiler(), program).generate();
    return std::shared_ptr<const NativeVertexProgram>(
        new NativeVertexProgram(program, builder.finish()));
}

NativeVertexProgram::Outcome
NativeVertexProgram::run(std::span<const AttributeRegisters> attributes, ResultRegisters* results,
                         Vector4* registers, std::array<std::array<int, 4>, 2>& address,
                         std::array<Condition, 4>& condition, std::uint64_t budget) const {
    std::array<float, 4> values{}; // the condition values the compiled code leaves
    Frame frame{attributes.data(),
                results,
                attributes.size(),
                address[0].data(),
                values.data(),
                budget,
                0,
                0,
                {},
                0,
                0};
    const int outcome = entry_(registers[0].data(), &frame);
    for (std::size_t i = 0; i < 4; ++i)
        condition[i] = conditionOf(values[i]);
    Outcome result;
    result.vertex = frame.vertex;
    result.result = {outcome == kOverflow ? ExecutionStatus::Overflow : ExecutionStatus::Ok,
                     frame.executed};
    result.resume = outcome == kResume;
    result.resumeAt = static_cast<std::size_t>(frame.resumeAt);
    result.depth = frame.depth;
    for (int i = 0; i < frame.depth; ++i)
        result.callStack[static_cast<std::size_t>(i)] = frame.callStack[i];
    return result;
}

} // namespace slvm::vp2
