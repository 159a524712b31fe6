// The vertex program code generator: one x86-64 function per verified program, built with
// asmjit's compiler over the interpreter's decoded steps (decoded_program.h).
//
// Temporaries and results the program writes live in virtual SSE registers, loaded from the
// machine's register array at entry and stored back at every exit; attributes and parameters are
// read from the array where used. The condition code register holds, per component, the last
// value written to it (already flushed), from which a comparison with zero gives its condition
// (LT, EQ, GT, or UN for NaN). Every operation is the interpreter's, lane for lane, with its
// special cases spelled as masks; EXP, LOG, LIT, RCC and the transcendental functions call the
// interpreter's own functions. The budget is counted per basic block (jit::BudgetCounter).
#include "slvm/vp2/jit.h"

#include "slvm/jit/code_builder.h"

#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <math.h>

namespace slvm::vp2 {

struct NativeVertexProgram::Frame {
    const float* attributes; // v[0..15], not yet flushed
    std::int32_t* address;   // A0 then A1, four ints each
    float* condition;        // the four condition values
    std::uint64_t budget;
    std::uint64_t executed; // out
    std::uint64_t callStack[kCallStackDepth];
    std::int32_t depth;    // in the call stack, out
    std::int32_t resumeAt; // out
};

namespace {

using Frame = NativeVertexProgram::Frame;
namespace x86 = asmjit::x86;
using Xmm = x86::Xmm;
using asmjit::InstId;
namespace Inst = x86::Inst;

enum Outcome : int { kFinished = 0, kResume = 1, kOverflow = 2 };

// The interpreter's special-case operations on 4 floats, through memory.
void exponentInto(float s, float* out) {
    const Vector4 r = exponentParts(s);
    std::memcpy(out, r.data(), sizeof r);
}
void logarithmInto(float s, float* out) {
    const Vector4 r = logarithmParts(s);
    std::memcpy(out, r.data(), sizeof r);
}
void lightingInto(float* inOut) {
    Vector4 a;
    std::memcpy(a.data(), inOut, sizeof a);
    const Vector4 r = lighting(a);
    std::memcpy(inOut, r.data(), sizeof r);
}

bool isBranch(Opcode op) {
    return op == Opcode::BRA || op == Opcode::CAL || op == Opcode::RET;
}

class Generator {
public:
    Generator(x86::Compiler& cc, const VerifiedProgram& program)
        : cc_(cc), program_(program), steps_(decodeProgram(program)) {}

    void generate();

private:
    Xmm temporary() { return cc_.newXmm(); }
    Xmm copyOf(const Xmm& x) {
        const Xmm t = temporary();
        cc_.movaps(t, x);
        return t;
    }
    Xmm packed(InstId instruction, const Xmm& x, const Xmm& y) {
        const Xmm t = copyOf(x);
        cc_.emit(instruction, t, y);
        return t;
    }
    Xmm shuffled(const Xmm& x, int order) {
        const Xmm t = temporary();
        cc_.pshufd(t, x, order);
        return t;
    }
    Xmm broadcast(const Xmm& x) { return shuffled(x, 0); }
    Xmm constant(std::uint32_t bits) { // in every lane
        const std::uint32_t lanes[4] = {bits, bits, bits, bits};
        const Xmm t = temporary();
        cc_.movups(t, cc_.newConst(asmjit::ConstPoolScope::kLocal, lanes, 16));
        return t;
    }
    Xmm constant(float value) { return constant(std::bit_cast<std::uint32_t>(value)); }
    Xmm zero() {
        const Xmm t = temporary();
        cc_.xorps(t, t);
        return t;
    }
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
    Xmm ones(const Xmm& mask) { return packed(Inst::kIdAndps, mask, constant(1.0f)); }
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
    Xmm evaluateScalar(const DecodedStep& s, const Xmm& a);
    Xmm flushed(const Xmm& value);
    Xmm attribute(int index); // v[index], flushed
    void write(const DecodedStep& s, const Xmm& value);
    void writeAddress(const DecodedStep& s);
    void emitFlow(std::size_t index, const DecodedStep& s);
    void emitInitialValues();
    void emitReturn(Outcome outcome);
    bool isWritten(int slot) const { return written_[static_cast<std::size_t>(slot)]; }

    x86::Compiler& cc_;
    const VerifiedProgram& program_;
    std::vector<DecodedStep> steps_;
    std::array<Xmm, RegisterSlots::kCount> slot_{};
    std::array<bool, RegisterSlots::kCount> written_{};
    std::array<Xmm, 2> address_{};
    Xmm condition_;
    x86::Gp registers_, frame_, attributes_, resumeAt_, depth_;
    std::optional<jit::BudgetCounter> budget_;
    std::vector<asmjit::Label> labels_;
    std::vector<std::uint32_t> returnSites_;
    asmjit::Label resume_, overflow_;
};

void Generator::generate() {
    const jit::ProgramFunction function =
        jit::beginProgramFunction(cc_, offsetof(Frame, budget), budget_);
    registers_ = function.registers;
    frame_ = function.frame;
    resumeAt_ = cc_.newInt32("resumeAt");
    depth_ = cc_.newIntPtr("depth");
    cc_.xor_(depth_, depth_);

    std::vector<bool> leader(steps_.size() + 1, false);
    leader[static_cast<std::size_t>(program_.entryPoint())] = leader[steps_.size()] = true;
    for (std::size_t i = 0; i < steps_.size(); ++i) {
        const DecodedStep& s = steps_[i];
        if (isBranch(s.opcode)) {
            leader[i + 1] = true;
            if (s.opcode != Opcode::RET)
                leader[static_cast<std::size_t>(s.target)] = true;
            if (s.opcode == Opcode::CAL)
                returnSites_.push_back(static_cast<std::uint32_t>(i + 1));
        } else if (s.destinationFile == RegisterFile::Temporary ||
                   s.destinationFile == RegisterFile::Result) {
            written_[s.destination] = true;
        }
    }
    emitInitialValues();

    labels_ = jit::leaderLabels(cc_, leader);
    resume_ = cc_.newLabel();
    overflow_ = cc_.newLabel();
    cc_.jmp(labels_[static_cast<std::size_t>(program_.entryPoint())]);
    jit::emitBlocks(cc_, *budget_, leader, labels_, [&](std::size_t i) {
        const DecodedStep& s = steps_[i];
        if (isBranch(s.opcode))
            emitFlow(i, s);
        else if (s.destinationFile == RegisterFile::Address)
            writeAddress(s);
        else
            write(s, evaluate(s));
    });
    cc_.bind(labels_[steps_.size()]);
    emitReturn(kFinished);
    budget_->emitExits(resume_, resumeAt_);
    cc_.bind(resume_);
    cc_.mov(x86::dword_ptr(frame_, offsetof(Frame, resumeAt)), resumeAt_);
    emitReturn(kResume);
    cc_.bind(overflow_);
    emitReturn(kOverflow);
    cc_.endFunc();
}

// Written temporaries start at 0, results at (0, 0, 0, 1), and a position-invariant program's
// o[HPOS] (stored even if unwritten) at v[OPOS]; the address registers and condition values
// start as the machine has them.
void Generator::emitInitialValues() {
    attributes_ = cc_.newIntPtr("attributes");
    cc_.mov(attributes_, x86::qword_ptr(frame_, offsetof(Frame, attributes)));
    if (program_.positionInvariant())
        written_[RegisterSlots::kResultBase] = true;
    const float initialResult[4] = {0, 0, 0, 1};
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
            cc_.movups(value, cc_.newConst(asmjit::ConstPoolScope::kLocal, initialResult, 16));
        }
    }
    const x86::Gp pointer = cc_.newIntPtr();
    cc_.mov(pointer, x86::qword_ptr(frame_, offsetof(Frame, address)));
    for (int i = 0; i < 2; ++i) {
        address_[static_cast<std::size_t>(i)] = temporary();
        cc_.movups(address_[static_cast<std::size_t>(i)], x86::xmmword_ptr(pointer, 16 * i));
    }
    condition_ = temporary();
    cc_.mov(pointer, x86::qword_ptr(frame_, offsetof(Frame, condition)));
    cc_.movups(condition_, x86::xmmword_ptr(pointer));
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
    cc_.mov(x86::dword_ptr(frame_, offsetof(Frame, depth)), depth_.r32());
    const x86::Gp result = cc_.newInt32();
    cc_.mov(result, outcome);
    cc_.ret(result);
}

Xmm Generator::conditionMask(ConditionRule rule, const Swizzle& swizzle) {
    if (rule == ConditionRule::None || rule == ConditionRule::TR)
        return constant(~0u);
    if (rule == ConditionRule::FL)
        return zero();
    const Xmm c =
        shuffled(condition_, swizzle[0] | swizzle[1] << 2 | swizzle[2] << 4 | swizzle[3] << 6);
    const Xmm z = zero();
    switch (rule) { // the predicates of cmpps; each is false on NaN (UN) but NE's
    case ConditionRule::EQ:
        cc_.cmpps(c, z, 0);
        return c;
    case ConditionRule::NE:
        cc_.cmpps(c, z, 4);
        return c;
    case ConditionRule::LT:
        cc_.cmpps(c, z, 1);
        return c;
    case ConditionRule::LE:
        cc_.cmpps(c, z, 2);
        return c;
    case ConditionRule::GT:
        cc_.cmpps(z, c, 1);
        return z;
    default: // GE
        cc_.cmpps(z, c, 2);
        return z;
    }
}

Xmm Generator::load(const DecodedOperand& o) {
    Xmm value = temporary();
    if (o.relative) {
        // c[A.c + offset]: the slot of the parameter, or the zero slot out of range.
        const x86::Gp index = cc_.newInt32(), slot = cc_.newInt32(), zeroSlot = cc_.newInt32();
        cc_.pextrd(index, address_[o.addressRegister], o.addressComponent);
        cc_.add(index, o.offset);
        cc_.mov(zeroSlot, RegisterSlots::kZero);
        cc_.lea(slot, x86::ptr(index, RegisterSlots::kParameterBase));
        cc_.cmp(index, program_.limits().parameters);
        cc_.cmovae(slot, zeroSlot); // unsigned: a negative index is out of range too
        const x86::Gp offset = cc_.newIntPtr();
        cc_.movsxd(offset, slot);
        cc_.shl(offset, 4);
        cc_.movups(value, x86::xmmword_ptr(registers_, offset));
    } else if (isWritten(o.index)) {
        cc_.movaps(value, slot_[o.index]);
    } else if (o.index < RegisterSlots::kTemporaryBase) {
        value = attribute(o.index - RegisterSlots::kAttributeBase);
    } else {
        cc_.movups(value, x86::xmmword_ptr(registers_, 16 * o.index));
    }
    if (o.plain)
        return value;
    value =
        shuffled(value, o.swizzle[0] | o.swizzle[1] << 2 | o.swizzle[2] << 4 | o.swizzle[3] << 6);
    if (o.andMask != ~0u)
        cc_.andps(value, constant(o.andMask));
    if (o.xorMask != 0)
        cc_.xorps(value, constant(o.xorMask));
    return value;
}

// ((p0 + p1) + p2) [+ p3 | + plus[3]] of the products p = a b, in every lane.
Xmm Generator::dot(const Xmm& a, const Xmm& b, int terms, const Xmm* plus) {
    const Xmm products = packed(Inst::kIdMulps, a, b);
    const Xmm sum = copyOf(products);
    for (int k = 1; k < terms; ++k)
        cc_.addss(sum, shuffled(products, k));
    if (plus)
        cc_.addss(sum, shuffled(*plus, 3));
    return broadcast(sum);
}

Xmm Generator::evaluate(const DecodedStep& s) {
    std::array<Xmm, 3> op;
    for (std::size_t i = 0; i < s.sourceCount; ++i)
        op[i] = load(s.sources[i]);
    const Xmm &a = op[0], &b = op[1], &c = op[2];
    switch (s.opcode) {
    case Opcode::ABS:
        return packed(Inst::kIdAndps, a, constant(0x7fffffffu));
    case Opcode::ADD:
        return packed(Inst::kIdAddps, a, b);
    case Opcode::SUB:
        return packed(Inst::kIdSubps, a, b);
    case Opcode::MUL:
        return packed(Inst::kIdMulps, a, b);
    case Opcode::MAD:
        return packed(Inst::kIdAddps, packed(Inst::kIdMulps, a, b), c);
    case Opcode::DP3:
        return dot(a, b, 3, nullptr);
    case Opcode::DP4:
        return dot(a, b, 4, nullptr);
    case Opcode::DPH:
        return dot(a, b, 3, &b);
    case Opcode::DST: { // (1, a.y b.y, a.z, b.w)
        const Xmm r = copyOf(a);
        cc_.blendps(r, packed(Inst::kIdMulps, a, b), 0b0010);
        cc_.blendps(r, b, 0b1000);
        cc_.blendps(r, constant(1.0f), 0b0001);
        return r;
    }
    case Opcode::MAX:   // a > b ? a : b; of equal values the one without a sign bit (and)
    case Opcode::MIN: { // a < b ? a : b; of equal values the one with a sign bit (or)
        const bool max = s.opcode == Opcode::MAX;
        const Xmm equal = copyOf(a);
        cc_.cmpps(equal, b, 0);
        const Xmm r = select(equal, packed(max ? Inst::kIdMaxps : Inst::kIdMinps, a, b),
                             packed(max ? Inst::kIdAndps : Inst::kIdOrps, a, b));
        return nanWhereUnordered(r, a, b);
    }
    case Opcode::MOV:
        return a;
    case Opcode::FLR:
    case Opcode::FRC: {
        const Xmm rounded = temporary(), nan = copyOf(a);
        cc_.roundps(rounded, a, 9);
        cc_.cmpps(nan, nan, 3);
        const Xmm floor = select(nan, rounded, a); // floorf keeps a NaN as it is
        return s.opcode == Opcode::FLR ? floor : packed(Inst::kIdSubps, a, floor);
    }
    case Opcode::SSG: {
        const Xmm z = zero(), positive = copyOf(z), negative = copyOf(a);
        cc_.cmpps(positive, a, 1); // 0 < a
        cc_.cmpps(negative, z, 1); // a < 0
        const Xmm r = select(negative, ones(positive), constant(-1.0f));
        return nanWhereUnordered(r, a, a);
    }
    case Opcode::SEQ:
    case Opcode::SNE:
    case Opcode::SLT:
    case Opcode::SLE:
    case Opcode::SGT:
    case Opcode::SGE: {
        // a == b, a != b, a < b, a <= b as cmpps(a, b); b < a and b <= a as cmpps(b, a).
        const bool swapped = s.opcode == Opcode::SGT || s.opcode == Opcode::SGE;
        const int predicate = s.opcode == Opcode::SEQ                              ? 0
                              : s.opcode == Opcode::SNE                            ? 4
                              : s.opcode == Opcode::SLT || s.opcode == Opcode::SGT ? 1
                                                                                   : 2;
        const Xmm mask = copyOf(swapped ? b : a);
        cc_.cmpps(mask, swapped ? a : b, predicate);
        return nanWhereUnordered(ones(mask), a, b);
    }
    case Opcode::SFL:
        return zero();
    case Opcode::STR:
        return constant(1.0f);
    default:
        return evaluateScalar(s, a);
    }
}

// The scalar operations (on a.x, replicated) and those the interpreter's functions compute.
Xmm Generator::evaluateScalar(const DecodedStep& s, const Xmm& a) {
    const Xmm result = temporary();
    switch (s.opcode) {
    case Opcode::RCP:
    case Opcode::RSQ: {
        const Xmm one = constant(1.0f), x = copyOf(a);
        if (s.opcode == Opcode::RSQ)
            cc_.sqrtss(x, x);
        cc_.divss(one, x);
        return broadcast(one);
    }
    case Opcode::RCC:
        jit::invoke(cc_, reciprocalClamped, a)->setRet(0, result);
        return broadcast(result);
    case Opcode::EX2:
    case Opcode::LG2:
    case Opcode::SIN:
    case Opcode::COS: {
        // std::exp2, log2, sin and cos on floats, as the interpreter calls them, are exp2f,
        // log2f, sinf and cosf.
        float (*const function)(float) = s.opcode == Opcode::EX2   ? ::exp2f
                                         : s.opcode == Opcode::LG2 ? ::log2f
                                         : s.opcode == Opcode::SIN ? ::sinf
                                                                   : ::cosf;
        jit::invoke(cc_, function, a)->setRet(0, result);
        return broadcast(result);
    }
    default: { // EXP, LOG, LIT: four floats through memory
        const x86::Mem buffer = cc_.newStack(16, 16);
        const x86::Gp address = cc_.newIntPtr();
        cc_.lea(address, buffer);
        if (s.opcode == Opcode::LIT) {
            cc_.movups(x86::xmmword_ptr(address), a);
            jit::invoke(cc_, lightingInto, address);
        } else {
            jit::invoke(cc_, s.opcode == Opcode::EXP ? exponentInto : logarithmInto, a, address);
        }
        cc_.movups(result, x86::xmmword_ptr(address));
        return result;
    }
    }
}

// Denormals read and write as zero of the same sign: all but the sign cleared where |v| < FLT_MIN.
Xmm Generator::flushed(const Xmm& value) {
    const Xmm tiny = packed(Inst::kIdAndps, value, constant(0x7fffffffu));
    cc_.cmpps(tiny, constant(FLT_MIN), 1);
    cc_.andps(tiny, constant(0x7fffffffu));
    return packed(Inst::kIdAndnps, tiny, value);
}

Xmm Generator::attribute(int index) {
    const Xmm value = temporary();
    cc_.movups(value, x86::xmmword_ptr(attributes_, 16 * index));
    return flushed(value);
}

void Generator::write(const DecodedStep& s, const Xmm& value) {
    const Xmm flushed = this->flushed(value);
    Xmm mask = writeMask(s.writeMask);
    if (!s.plainWrite)
        cc_.andps(mask, conditionMask(s.conditionRule, s.conditionSwizzle));
    if (s.destination != RegisterSlots::kDiscard)
        cc_.movaps(slot_[s.destination], select(mask, slot_[s.destination], flushed));
    if (s.updatesCondition)
        cc_.movaps(condition_, select(mask, condition_, flushed));
}

void Generator::writeAddress(const DecodedStep& s) {
    Xmm value;
    if (s.opcode == Opcode::ARA) { // (x + z, y + w, x + z, y + w), clamped
        const Xmm& a = address_[s.sources[0].index];
        value = packed(Inst::kIdPaddd, a, shuffled(a, 0b01'00'11'10));
        cc_.pmaxsd(value, constant(static_cast<std::uint32_t>(kAddressMin)));
        cc_.pminsd(value, constant(static_cast<std::uint32_t>(kAddressMax)));
    } else { // ARL floors, ARR rounds half to even; clamped to the range, NaN loads 0
        const Xmm v = load(s.sources[0]), rounded = temporary();
        cc_.roundps(rounded, v, s.opcode == Opcode::ARL ? 9 : 12);
        const Xmm nan = copyOf(rounded);
        cc_.cmpps(nan, nan, 3);
        cc_.maxps(rounded, constant(static_cast<float>(kAddressMin)));
        cc_.minps(rounded, constant(static_cast<float>(kAddressMax)));
        value = temporary();
        cc_.cvttps2dq(value, rounded);
        cc_.andnps(nan, value);
        value = nan;
    }
    const Xmm mask = writeMask(s.writeMask);
    cc_.andps(mask, conditionMask(s.conditionRule, s.conditionSwizzle));
    Xmm& destination = address_[s.destination];
    cc_.movaps(destination, select(mask, destination, value));
    if (s.updatesCondition) {
        const Xmm asFloat = temporary();
        cc_.cvtdq2ps(asFloat, value);
        cc_.movaps(condition_, select(mask, condition_, asFloat));
    }
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

} // namespace

std::shared_ptr<const NativeVertexProgram>
NativeVertexProgram::compile(const VerifiedProgram& program, jit::CompileStatistics* statistics) {
    const auto start = std::chrono::steady_clock::now();
    jit::NativeCode::Builder builder;
    Generator(builder.compiler(), program).generate();
    std::shared_ptr<const NativeVertexProgram> compiled(
        new NativeVertexProgram(program, builder.finish()));
    if (statistics)
        statistics->add(std::chrono::steady_clock::now() - start);
    return compiled;
}

NativeVertexProgram::Outcome NativeVertexProgram::run(const Vector4* attributes, Vector4* registers,
                                                      std::array<std::array<int, 4>, 2>& address,
                                                      std::array<Condition, 4>& condition,
                                                      std::uint64_t budget) const {
    // The condition values the codes start from: 0 for EQ, a number of the code's sign else.
    std::array<float, 4> values{};
    for (std::size_t i = 0; i < 4; ++i)
        values[i] = condition[i] == Condition::EQ   ? 0.0f
                    : condition[i] == Condition::GT ? 1.0f
                    : condition[i] == Condition::LT ? -1.0f
                                                    : std::numeric_limits<float>::quiet_NaN();
    Frame frame{attributes[0].data(), address[0].data(), values.data(), budget, 0, {}, 0, 0};
    const int outcome = entry_(registers[0].data(), &frame);
    for (std::size_t i = 0; i < 4; ++i)
        condition[i] = conditionOf(values[i]);
    Outcome result;
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
