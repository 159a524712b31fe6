// The card code generator: one x86-64 function per verified card, built with asmjit's compiler.
//
// A run starts from zeroed registers, so each vector register rvK (floats 4K..4K+3) is a virtual
// SSE register that starts as zero and is stored back at exit only if the card can write it. The
// arithmetic is the interpreter's, lane for lane: packed SSE operations compute each lane with
// the same IEEE operation, and sums keep the interpreter's order (sum starts at 0, adds k = 0..3).
// The budget is counted per basic block as for SL (jit::BudgetCounter).
#include "slvm/card/jit.h"

#include "slvm/card/card_blocks.h"
#include "slvm/card/lane_code.h"
#include "slvm/card/liveness.h"
#include "slvm/jit/code_builder.h"

#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>
#include <math.h>

namespace slvm::card {

namespace {

using Frame = NativeCard::Frame;
namespace x86 = asmjit::x86;
using Xmm = x86::Xmm;

using Outcome = NativeCard::FrameOutcome;
constexpr Outcome kFinished = NativeCard::kFinished, kResume = NativeCard::kResume,
                  kFault = NativeCard::kFault;

constexpr int kVectors = kRegisterFloats / 4;

// The interpreter's jump-target rule.
int dynamicTarget(const VerifiedProgram* program, float target) {
    return jumpTarget(*program, target);
}

class Generator {
public:
    // With `distanceOnly`, the function computes rf0 alone, and leaves out work on the floats
    // that cannot reach it (liveness.h); its exits store no registers.
    Generator(x86::Compiler& cc, const VerifiedProgram& program, bool distanceOnly)
        : cc_(cc), program_(program), code_(program.instructions()), blocks_(cc, program) {
        if (distanceOnly)
            live_ = liveness(program, FloatSet().set(0));
    }

    void generate();

private:
    Xmm& vector(int index) { return vector_[static_cast<std::size_t>(index)]; }
    Xmm temporary() { return cc_.newXmm(); }
    Xmm copyOf(const Xmm& x) { return jit::copied(cc_, x); }
    Xmm packed(asmjit::InstId instruction, const Xmm& x, const Xmm& y) {
        return jit::packed(cc_, instruction, x, y);
    }
    Xmm shuffled(const Xmm& x, int order) { return jit::shuffled(cc_, x, order); }
    // Lane `lane` of x in lane 0 of a new register; in every lane with `broadcast`.
    Xmm lane(const Xmm& x, int lane, bool broadcast = false) {
        return shuffled(x, broadcast ? lane * 0x55 : lane);
    }
    Xmm loadConstant(const float* values) { // four floats
        const Xmm t = temporary();
        cc_.movups(t, cc_.newConst(asmjit::ConstPoolScope::kLocal, values, 16));
        return t;
    }
    Xmm zero() { return jit::zeroed(cc_); }
    // Float `index` of the shared array (rfK): lane K % 4 of rv(K / 4).
    Xmm readFloat(int index) { return lane(vector(index / 4), index % 4); }
    void writeFloat(int index, const Xmm& value) {
        cc_.insertps(vector(index / 4), value, static_cast<std::uint32_t>((index % 4) << 4));
    }
    // ((((0 + p0) + p1) + p2) + p3) for lane 0 of a vector of products, the interpreter's sums.
    Xmm horizontalSum(const Xmm& products, bool fromZero);

    // Whether any of `count` floats from `first` is live after the instruction being emitted.
    bool wanted(int first, int count) const {
        if (!live_)
            return true;
        const FloatSet& live = live_->after[current_];
        for (int f = first; f < first + count; ++f)
            if (live.test(static_cast<std::size_t>(f)))
                return true;
        return false;
    }
    bool wantedVector(int v) const { return wanted(4 * v, 4); }

    void emit(std::size_t index);
    void emitOperation(const Instruction& in);
    void emitIn();
    void emitMov(const Instruction& in);
    void emitComputedJump(const Instruction& in);
    void emitReturn(Outcome outcome);

    x86::Compiler& cc_;
    const VerifiedProgram& program_;
    const std::vector<Instruction>& code_;
    std::array<Xmm, kVectors> vector_{};
    std::array<bool, kVectors> written_{};
    x86::Gp registers_, frame_, resumeAt_;
    std::array<Xmm, 3> point_{}; // the distance function's arguments
    std::optional<jit::BudgetCounter> budget_;
    CardBlocks blocks_;
    std::optional<Liveness> live_; // none: the run function, where everything is live
    std::size_t current_ = 0;
    // What each float of the SSE registers holds, where known at this point of the code: a mov
    // of what is already there emits nothing ("mov rf3, 0" after `in`, say).
    using Contents = std::array<std::optional<std::uint32_t>, kRegisterFloats>;
    Contents contents_{};
    bool entryIsJumpTarget_ = false;
    std::array<bool, kVectors> zeroedAtEntry_{};
};

void Generator::generate() {
    if (!live_) { // int run(float* registers, Frame* frame)
        const jit::ProgramFunction function =
            jit::beginProgramFunction(cc_, offsetof(Frame, budget), budget_);
        registers_ = function.registers;
        frame_ = function.frame;
    } else { // float distance(float x, float y, float z, Frame* frame)
        asmjit::FuncNode* function = cc_.addFunc(
            asmjit::FuncSignatureT<float, float, float, float, void*>(asmjit::CallConvId::kHost));
        frame_ = cc_.newIntPtr("frame");
        for (std::size_t i = 0; i < point_.size(); ++i) {
            point_[i] = cc_.newXmmSs();
            function->setArg(i, point_[i]);
        }
        function->setArg(3, frame_);
        const x86::Gp limit = cc_.newUInt64("budget");
        cc_.mov(limit, x86::qword_ptr(frame_, offsetof(Frame, budget)));
        budget_.emplace(cc_, limit);
    }
    resumeAt_ = cc_.newInt32("resumeAt");

    // What the card can write (rm0, rv0-rv3, for any arithmetic or `in`; mov destinations) and
    // what it reads (rm0 and rm1 for arithmetic, mov sources): only those get a register.
    std::array<bool, kVectors> referenced{};
    auto mark = [](std::array<bool, kVectors>& set, int firstFloat, int floats) {
        for (int f = firstFloat; f < firstFloat + std::max(floats, 1); ++f)
            set[static_cast<std::size_t>(f / 4)] = true;
    };
    for (std::size_t i = 0; i < code_.size(); ++i) {
        const Instruction& in = code_[i];
        entryIsJumpTarget_ = entryIsJumpTarget_ || (isJump(in) && in.hasImmediate &&
                                                    jumpTarget(program_, in.immediate[0]) == 0);
        if (in.opcode == Opcode::Mov) {
            if (in.to >= 0)
                mark(written_, in.to, in.width);
            if (in.from >= 0 && !in.hasImmediate)
                mark(referenced, in.from, isJump(in) ? 1 : in.width);
        } else if (in.opcode != Opcode::Exit) {
            mark(written_, 0, 16);
            mark(referenced, 0, in.opcode == Opcode::In ? 16 : 32);
        }
    }
    // A run starts with every register zero; the distance function leaves out the registers
    // whose zeros are never read.
    const FloatSet liveAtEntry = live_ ? live_->atStart : FloatSet().set();
    for (int v = 0; v < kVectors; ++v)
        if (written_[static_cast<std::size_t>(v)] || referenced[static_cast<std::size_t>(v)] ||
            v == 0) { // rv0 holds the distance
            vector(v) = cc_.newXmm();
            zeroedAtEntry_[static_cast<std::size_t>(v)] =
                ((liveAtEntry >> (4 * v)) & FloatSet(0xf)).any();
            if (zeroedAtEntry_[static_cast<std::size_t>(v)])
                cc_.xorps(vector(v), vector(v));
        }

    blocks_.emitCode(*budget_, [&](std::size_t i) { emit(i); });
    emitReturn(kFinished); // off the end, or an exit
    budget_->emitExits(blocks_.resume(), resumeAt_);
    cc_.bind(blocks_.resume());
    cc_.mov(x86::dword_ptr(frame_, offsetof(Frame, resumeAt)), resumeAt_);
    emitReturn(kResume);
    cc_.bind(blocks_.fault());
    emitReturn(kFault);
    cc_.endFunc();
}

// Stores what the card can have written and the count, and returns `outcome`; the distance
// function returns rf0, and the outcome, where it is not kFinished, in the frame.
void Generator::emitReturn(Outcome outcome) {
    if (live_) {
        if (outcome != kFinished) { // and the point, for the interpreter
            cc_.mov(x86::dword_ptr(frame_, offsetof(Frame, outcome)), outcome);
            cc_.movss(x86::dword_ptr(frame_, offsetof(Frame, x)), point_[0]);
            cc_.movss(x86::dword_ptr(frame_, offsetof(Frame, y)), point_[1]);
            cc_.movss(x86::dword_ptr(frame_, offsetof(Frame, z)), point_[2]);
        }
        const Xmm distance = cc_.newXmmSs();
        cc_.movss(distance, vector(0));
        cc_.ret(distance);
        return;
    }
    for (int v = 0; v < kVectors; ++v)
        if (written_[static_cast<std::size_t>(v)])
            cc_.movups(x86::xmmword_ptr(registers_, 16 * v), vector(v));
    cc_.mov(x86::qword_ptr(frame_, offsetof(Frame, executed)), budget_->executed());
    const x86::Gp result = cc_.newInt32();
    cc_.mov(result, outcome);
    cc_.ret(result);
}

void Generator::emit(std::size_t index) {
    const Instruction& in = code_[index];
    current_ = index;
    if (blocks_.leaders()[index]) { // a run starts with every register zero; elsewhere, who knows
        const bool start = index == 0 && !entryIsJumpTarget_;
        for (std::size_t f = 0; f < contents_.size(); ++f)
            contents_[f] =
                start && zeroedAtEntry_[f / 4] ? std::optional<std::uint32_t>(0) : std::nullopt;
    }
    if (live_ && isDead(in, live_->after[index]))
        return; // nothing it writes is read again
    if (in.opcode == Opcode::Mov)
        emitMov(in);
    else
        emitOperation(in);
    if (in.opcode != Opcode::Mov && in.opcode != Opcode::In) {
        const FloatSet written = writtenBy(in);
        for (std::size_t f = 0; f < contents_.size(); ++f)
            if (written.test(f))
                contents_[f] = std::nullopt;
    }
}

// in 0: the point (x, y, z, 0) in rv0, and rv1-rv3 zero (rm0 holds the input).
void Generator::emitIn() {
    // Float by float: a 16-byte load of three 4-byte stores would stall store forwarding.
    if (wantedVector(0) && live_) { // (x, 0, 0, 0), then y and z
        cc_.insertps(vector(0), point_[0], 0b1110);
        cc_.insertps(vector(0), point_[1], 1 << 4);
        cc_.insertps(vector(0), point_[2], 2 << 4);
    } else if (wantedVector(0)) {
        const Xmm y = temporary(), z = temporary();
        cc_.movss(vector(0), x86::dword_ptr(frame_, offsetof(Frame, x)));
        cc_.movss(y, x86::dword_ptr(frame_, offsetof(Frame, y)));
        cc_.movss(z, x86::dword_ptr(frame_, offsetof(Frame, z)));
        cc_.insertps(vector(0), y, 1 << 4);
        cc_.insertps(vector(0), z, 2 << 4);
    }
    for (int f = 0; f < 16; ++f)
        if (wantedVector(f / 4))
            contents_[static_cast<std::size_t>(f)] =
                f < 3 ? std::nullopt : std::optional<std::uint32_t>(0);
    for (int v = 1; v < 4; ++v)
        if (wantedVector(v))
            cc_.xorps(vector(v), vector(v));
}

// A mov that is no jump to an immediate target (CardBlocks emits those).
void Generator::emitMov(const Instruction& in) {
    if (in.to < 0) {
        emitComputedJump(in);
        return;
    }
    // What the destination's floats get: the source's contents (pos, an immediate, or a
    // register's), where known.
    const bool fromPos = in.from < 0;
    const int width = fromPos ? 1 : in.width;
    Contents source{};
    for (int k = 0; k < width; ++k)
        source[static_cast<std::size_t>(k)] =
            fromPos ? std::bit_cast<std::uint32_t>(static_cast<float>(in.next))
            : in.hasImmediate
                ? std::bit_cast<std::uint32_t>(in.immediate[static_cast<std::size_t>(k)])
                : contents_[static_cast<std::size_t>(in.from + k)];
    // Whether floats [first, first + count) of the destination already hold the source's.
    const auto alreadyThere = [&](int first, int count) {
        for (int k = first; k < first + count; ++k) {
            const auto& held = contents_[static_cast<std::size_t>(in.to + k)];
            if (!held || held != source[static_cast<std::size_t>(k)])
                return false;
        }
        return true;
    };
    const auto record = [&](int first, int count) {
        for (int k = first; k < first + count; ++k)
            contents_[static_cast<std::size_t>(in.to + k)] = source[static_cast<std::size_t>(k)];
    };
    if (width == 1) {
        if (alreadyThere(0, 1))
            return;
        if (fromPos || in.hasImmediate) {
            const Xmm value = temporary();
            cc_.movss(value, jit::constant(cc_, std::bit_cast<float>(*source[0])));
            writeFloat(in.to, value);
        } else {
            // Through a register: were the source spilled, the register allocator could make
            // insertps read it from memory, where the instruction ignores the source lane.
            writeFloat(in.to, readFloat(in.from));
        }
        record(0, 1);
        return;
    }
    // 4 or 16 floats, aligned to whole vector registers: a source and a destination are the same
    // registers or none in common, so each vector register can be copied in turn.
    for (int v = 0; v < in.width / 4; ++v) {
        if (!wantedVector(in.to / 4 + v) || alreadyThere(4 * v, 4))
            continue;
        if (in.hasImmediate)
            cc_.movaps(vector(in.to / 4 + v),
                       cc_.newConst(asmjit::ConstPoolScope::kLocal, &in.immediate[4 * v], 16));
        else
            cc_.movaps(vector(in.to / 4 + v), vector(in.from / 4 + v));
        record(4 * v, 4);
    }
}

// A mov to pos from a register: the target is looked up at run time and the interpreter goes on
// there.
void Generator::emitComputedJump(const Instruction& in) {
    const Xmm value = readFloat(in.from);
    const x86::Gp program = cc_.newIntPtr();
    cc_.mov(program, x86::qword_ptr(frame_, offsetof(Frame, program)));
    jit::invoke(cc_, dynamicTarget, program, value)->setRet(0, resumeAt_);
    cc_.test(resumeAt_, resumeAt_);
    cc_.js(blocks_.fault());
    cc_.jmp(blocks_.resume());
}

Xmm Generator::horizontalSum(const Xmm& products, bool fromZero) {
    std::array<Xmm, 4> term;
    for (int k = fromZero ? 0 : 1; k < 4; ++k)
        term[static_cast<std::size_t>(k)] = lane(products, k);
    Xmm sum = fromZero ? zero() : products; // lane 0 is p0; the others are not read
    for (int k = fromZero ? 0 : 1; k < 4; ++k)
        cc_.addss(sum, term[static_cast<std::size_t>(k)]);
    return sum;
}

// A case per opcode, as the interpreter's switch has (no default: -Wswitch checks that each has
// one): longer than a function should be, so that each reads beside its interpreter twin. The
// products and sums keep the interpreter's order of operations.
void Generator::emitOperation(const Instruction& in) {
    const Opcode opcode = in.opcode;
    static constexpr float kOnes[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    static constexpr std::uint32_t kAbsolute[4] = {0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff};
    static constexpr std::uint32_t kXyz[4] = {~0u, ~0u, ~0u, 0u};
    auto constantBits = [&](const std::uint32_t* bits) {
        return loadConstant(reinterpret_cast<const float*>(bits));
    };
    auto eachOfMatrix = [&](asmjit::InstId instruction) {
        for (int v = 0; v < 4; ++v)
            if (wantedVector(v))
                cc_.emit(instruction, vector(v), vector(4 + v));
    };
    switch (opcode) {
    case Opcode::Exit: // control flow and moves: emit()
    case Opcode::Mov:
        break;
    case Opcode::In:
        emitIn();
        break;
    case Opcode::MulMM: { // column j of rm0 * rm1: sum over k of rm0 column k * rm1[j][k]
        std::array<Xmm, 4> product;
        for (int j = 0; j < 4; ++j) {
            if (!wantedVector(j))
                continue;
            Xmm sum = zero();
            for (int k = 0; k < 4; ++k)
                sum = packed(x86::Inst::kIdAddps, sum,
                             packed(x86::Inst::kIdMulps, vector(k), lane(vector(4 + j), k, true)));
            product[static_cast<std::size_t>(j)] = sum;
        }
        for (int j = 0; j < 4; ++j)
            if (wantedVector(j))
                cc_.movaps(vector(j), product[static_cast<std::size_t>(j)]);
        break;
    }
    case Opcode::MulMV: { // rv0 = sum over k of rm0 column k * rv4[k]
        Xmm sum = zero();
        for (int k = 0; k < 4; ++k)
            sum = packed(x86::Inst::kIdAddps, sum,
                         packed(x86::Inst::kIdMulps, vector(k), lane(vector(4), k, true)));
        cc_.movaps(vector(0), sum);
        break;
    }
    case Opcode::MulVM: { // rv0[j] = sum over k of rv0[k] * rm1[j][k]: rm1's rows, transposed
        std::array<Xmm, 4> row;
        for (int k = 0; k < 4; ++k) {
            // row k: (rv4[k], rv5[k], rv6[k], rv7[k])
            const Xmm low = lane(vector(4), k), high = lane(vector(6), k);
            cc_.unpcklps(low, lane(vector(5), k));
            cc_.unpcklps(high, lane(vector(7), k));
            cc_.movlhps(low, high);
            row[static_cast<std::size_t>(k)] = low;
        }
        Xmm sum = zero();
        for (int k = 0; k < 4; ++k)
            sum = packed(x86::Inst::kIdAddps, sum,
                         packed(x86::Inst::kIdMulps, lane(vector(0), k, true),
                                row[static_cast<std::size_t>(k)]));
        cc_.movaps(vector(0), sum);
        break;
    }
    case Opcode::Dot: // rf0 = r0 r4 + r1 r5 + r2 r6 + r3 r7
        cc_.movss(vector(0),
                  horizontalSum(packed(x86::Inst::kIdMulps, vector(0), vector(1)), false));
        break;
    case Opcode::Nor: { // rv0 / sqrt(r0 r0 + r1 r1 + r2 r2 + r3 r3)
        const Xmm length = horizontalSum(packed(x86::Inst::kIdMulps, vector(0), vector(0)), false);
        cc_.sqrtss(length, length);
        cc_.movaps(vector(0), packed(x86::Inst::kIdDivps, vector(0), lane(length, 0, true)));
        break;
    }
    case Opcode::Add:
        eachOfMatrix(x86::Inst::kIdAddps);
        break;
    case Opcode::Sub:
        eachOfMatrix(x86::Inst::kIdSubps);
        break;
    case Opcode::Div:
        eachOfMatrix(x86::Inst::kIdDivps);
        break;
    case Opcode::MulVV:
        cc_.mulps(vector(0), vector(4));
        break;
    case Opcode::MulMF: {
        const Xmm factor = lane(vector(4), 0, true);
        for (int v = 0; v < 4; ++v)
            if (wantedVector(v))
                cc_.mulps(vector(v), factor);
        break;
    }
    case Opcode::MulVF:
        cc_.mulps(vector(0), lane(vector(4), 0, true));
        break;
    case Opcode::MulFF:
        cc_.mulss(vector(0), lane(vector(0), 1));
        break;
    case Opcode::Crs: { // (a.yzx b.zxy - a.zxy b.yzx, 0) of a = rv0, b = rv1
        constexpr int yzx = 0b11'00'10'01, zxy = 0b11'01'00'10;
        const Xmm left =
            packed(x86::Inst::kIdMulps, shuffled(vector(0), yzx), shuffled(vector(1), zxy));
        const Xmm right =
            packed(x86::Inst::kIdMulps, shuffled(vector(0), zxy), shuffled(vector(1), yzx));
        cc_.subps(left, right);
        cc_.andps(left, constantBits(kXyz));
        cc_.movaps(vector(0), left);
        break;
    }
    case Opcode::Sin:
    case Opcode::Cos: {
        const Xmm x = lane(vector(0), 0), result = temporary();
        // std::sin and std::cos on floats, as the interpreter calls them, are sinf and cosf.
        jit::invoke(cc_, opcode == Opcode::Sin ? ::sinf : ::cosf, x)->setRet(0, result);
        cc_.movss(vector(0), result);
        break;
    }
    case Opcode::Sqrt:
        cc_.sqrtss(vector(0), vector(0));
        break;
    case Opcode::Min: // b < a ? b : a, which is minps(b, a) lane for lane, NaNs included
        cc_.movaps(vector(0), packed(x86::Inst::kIdMinps, vector(4), vector(0)));
        break;
    case Opcode::Max: // a < b ? b : a = maxps(b, a)
        cc_.movaps(vector(0), packed(x86::Inst::kIdMaxps, vector(4), vector(0)));
        break;
    case Opcode::Abs:
        cc_.andps(vector(0), constantBits(kAbsolute));
        break;
    case Opcode::Floor: { // floorf per lane: roundps, and a NaN lane kept as it is
        const Xmm rounded = temporary(), nan = copyOf(vector(0));
        cc_.roundps(rounded, vector(0), 9);
        cc_.cmpps(nan, nan, 3); // unordered
        cc_.andps(vector(0), nan);
        cc_.andnps(nan, rounded);
        cc_.orps(vector(0), nan);
        break;
    }
    case Opcode::Slt: { // a < b ? 1 : 0, 0 where either is NaN
        cc_.cmpps(vector(0), vector(4), 1);
        cc_.andps(vector(0), loadConstant(kOnes));
        break;
    }
    }
}

} // namespace

std::shared_ptr<const NativeCard> NativeCard::compile(const VerifiedProgram& program) {
    const auto function = [&](bool distanceOnly) {
        jit::NativeCode::Builder builder;
        Generator(builder.compiler(), program, distanceOnly).generate();
        return builder.finish();
    };
    return std::shared_ptr<const NativeCard>(
        new NativeCard(program, function(false), function(true), compileLanes(program)));
}

NativeCard::NativeCard(const VerifiedProgram& program, jit::NativeCode run,
                       jit::NativeCode distance, std::optional<jit::NativeCode> lanes)
    : program_(&program), runCode_(std::move(run)), distanceCode_(std::move(distance)),
      lanesCode_(std::move(lanes)), run_(reinterpret_cast<RunEntry>(runCode_.entry())),
      distance_(reinterpret_cast<DistanceEntry>(distanceCode_.entry())),
      lanes_(lanesCode_ ? lanesCode_->entry() : nullptr) {}

NativeCard::Outcome NativeCard::run(std::array<float, kRegisterFloats>& registers, float x, float y,
                                    float z, std::uint64_t budget) const {
    Frame frame{program_, budget, x, y, z, kFinished, -1, 0};
    const int outcome = run_(registers.data(), &frame);
    if (outcome == kResume)
        return {{ExecutionStatus::Ok, frame.executed}, frame.resumeAt};
    if (outcome == kFault)
        return {{ExecutionStatus::Fault, frame.executed}, -1};
    return {{ExecutionStatus::Ok, frame.executed}, -1}; // kFinished
}

float NativeCard::unfinishedDistance(const Frame& frame) const {
    if (frame.outcome == kFault)
        return std::numeric_limits<float>::quiet_NaN();
    return interpretedDistance(*frame.program, frame.x, frame.y, frame.z, frame.budget);
}

std::array<float, 4> NativeCard::distances(const std::array<float, 4>& x,
                                           const std::array<float, 4>& y,
                                           const std::array<float, 4>& z,
                                           std::uint64_t budget) const {
    if (lanes_) {
        LaneFrame frame{x, y, z, budget, {}, kLanesFinished};
        reinterpret_cast<LaneEntry>(lanes_)(&frame);
        if (frame.outcome == kLanesFinished) [[likely]]
            return frame.distances;
        if (frame.outcome == kLanesFault) { // every point takes the same path
            std::array<float, 4> nan;
            nan.fill(std::numeric_limits<float>::quiet_NaN());
            return nan;
        }
    }
    std::array<float, 4> each;
    for (std::size_t i = 0; i < 4; ++i)
        each[i] = distance(x[i], y[i], z[i], budget);
    return each;
}

} // namespace slvm::card
