// The cards' four-point code generator (lane_code.h): every float register of the card is a
// virtual SSE register, created where first used, holding that float for the four points. Only
// the floats that can reach rf0 are computed (liveness.h), so the 16-float matrix operations of
// an SDF cost what their live floats need. Each operation is the interpreter's, lane for lane:
// sums start from 0 where its sums do and add in its order; sin and cos call sinf and cosf per
// lane.
#include "slvm/card/card_blocks.h"
#include "slvm/card/lane_code.h"
#include "slvm/card/liveness.h"
#include "slvm/card/vm.h"
#include "slvm/jit/code_builder.h"

#include <bit>
#include <cstddef>
#include <math.h>

namespace slvm::card {

namespace {

namespace x86 = asmjit::x86;
using Xmm = x86::Xmm;
namespace Inst = x86::Inst;

constexpr int kR1 = 16; // rm1's first float

class LaneGenerator {
public:
    LaneGenerator(x86::Compiler& cc, const VerifiedProgram& program)
        : cc_(cc), program_(program), code_(program.instructions()),
          live_(liveness(program, FloatSet().set(0))), blocks_(cc, program) {}

    void generate();

private:
    // Float f's register (made on first use: a float read before any write is live at the
    // entry, where it was zeroed).
    Xmm& value(int f) {
        Xmm& v = floats_[static_cast<std::size_t>(f)];
        if (!v.isValid())
            v = cc_.newXmm();
        return v;
    }
    bool wanted(int f) const { return live_.after[current_].test(static_cast<std::size_t>(f)); }
    Xmm temporary() { return cc_.newXmm(); }
    Xmm product(int a, int b) { return jit::packed(cc_, Inst::kIdMulps, value(a), value(b)); }
    Xmm zero() { return jit::zeroed(cc_); }
    x86::Mem broadcast(float v) {
        const float lanes[4] = {v, v, v, v};
        return cc_.newConst(asmjit::ConstPoolScope::kLocal, lanes, 16);
    }
    x86::Mem broadcastBits(std::uint32_t bits) { return broadcast(std::bit_cast<float>(bits)); }
    // Writes `results[k]` to float `first + k` where wanted, after every result is computed (an
    // operation reads its old registers whole).
    template <std::size_t N>
    void assign(int first, const std::array<Xmm, N>& results) {
        for (std::size_t k = 0; k < N; ++k)
            if (results[k].isValid())
                cc_.movaps(value(first + static_cast<int>(k)), results[k]);
    }

    void emit(std::size_t index);
    void emitMov(const Instruction& in);
    void emitLaneCalls(float (*function)(float));
    template <typename PerFloat>
    void eachFloat(int count, PerFloat perFloat);
    void emitExit(LaneOutcome outcome);

    x86::Compiler& cc_;
    const VerifiedProgram& program_;
    const std::vector<Instruction>& code_;
    Liveness live_;
    std::size_t current_ = 0;
    std::array<Xmm, kRegisterFloats> floats_{};
    x86::Gp frame_;
    CardBlocks blocks_;
};

void LaneGenerator::generate() {
    asmjit::FuncNode* function =
        cc_.addFunc(asmjit::FuncSignatureT<void, void*>(asmjit::CallConvId::kHost));
    frame_ = cc_.newIntPtr("frame");
    function->setArg(0, frame_);
    const x86::Gp limit = cc_.newUInt64("budget");
    cc_.mov(limit, x86::qword_ptr(frame_, offsetof(LaneFrame, budget)));
    jit::BudgetCounter budget(cc_, limit);

    for (int f = 0; f < kRegisterFloats; ++f)
        if (live_.atStart.test(static_cast<std::size_t>(f)))
            cc_.xorps(value(f), value(f));

    blocks_.emitCode(budget, [&](std::size_t i) { emit(i); });
    cc_.movups(x86::xmmword_ptr(frame_, offsetof(LaneFrame, distances)), value(0));
    emitExit(kLanesFinished);
    const x86::Gp resumeAt = cc_.newInt32(); // unused: the lanes go on one by one, from the start
    budget.emitExits(blocks_.resume(), resumeAt);
    cc_.bind(blocks_.resume());
    emitExit(kLanesResume);
    cc_.bind(blocks_.fault());
    emitExit(kLanesFault);
    cc_.endFunc();
}

void LaneGenerator::emitExit(LaneOutcome outcome) {
    cc_.mov(x86::dword_ptr(frame_, offsetof(LaneFrame, outcome)), static_cast<int>(outcome));
    cc_.ret();
}

// A case per opcode, as the interpreter's switch has (no default: -Wswitch checks that each has
// one): longer than a function should be, so that each reads beside its interpreter twin. The
// products and their sums keep the interpreter's order of operations.
void LaneGenerator::emit(std::size_t index) {
    const Instruction& in = code_[index];
    current_ = index;
    if (isDead(in, live_.after[index]))
        return; // nothing it writes is read again
    // ((((0 + p0) + p1) + p2) + p3) of the products of floats a(k) and b(k).
    const auto sumFromZero = [&](auto a, auto b) {
        const Xmm sum = zero();
        for (int k = 0; k < 4; ++k)
            cc_.addps(sum, product(a(k), b(k)));
        return sum;
    };
    if (in.opcode == Opcode::Mov) {
        emitMov(in);
        return;
    }
    switch (in.opcode) {
    case Opcode::Exit: // control flow and moves: above, and in CardBlocks::emitCode
    case Opcode::Mov:
        break;
    case Opcode::In:
        for (int f = 0; f < 16; ++f) {
            if (!wanted(f))
                continue;
            if (f < 3)
                cc_.movups(value(f),
                           x86::xmmword_ptr(
                               frame_, static_cast<std::int32_t>(offsetof(LaneFrame, x) + 16 * f)));
            else
                cc_.xorps(value(f), value(f));
        }
        break;
    case Opcode::MulMM: { // column j lane i: rm0 column k lane i times rm1 column j float k
        std::array<Xmm, 16> results;
        for (int j = 0; j < 4; ++j)
            for (int i = 0; i < 4; ++i)
                if (wanted(4 * j + i))
                    results[static_cast<std::size_t>(4 * j + i)] = sumFromZero(
                        [&](int k) { return 4 * k + i; }, [&](int k) { return kR1 + 4 * j + k; });
        assign(0, results);
        break;
    }
    case Opcode::MulMV:
    case Opcode::MulVM: {
        std::array<Xmm, 4> results;
        for (int i = 0; i < 4; ++i)
            if (wanted(i))
                results[static_cast<std::size_t>(i)] =
                    in.opcode == Opcode::MulMV
                        ? sumFromZero([&](int k) { return 4 * k + i; },
                                      [](int k) { return kR1 + k; })
                        : sumFromZero([](int k) { return k; },
                                      [&](int k) { return kR1 + 4 * i + k; });
        assign(0, results);
        break;
    }
    case Opcode::Dot: { // ((p0 + p1) + p2) + p3 of rv0 rv1
        const Xmm sum = product(0, 4);
        for (int k = 1; k < 4; ++k)
            cc_.addps(sum, product(k, 4 + k));
        cc_.movaps(value(0), sum);
        break;
    }
    case Opcode::Crs: { // (a.y b.z - a.z b.y, a.z b.x - a.x b.z, a.x b.y - a.y b.x, 0)
        constexpr int terms[3][4] = {{1, 6, 2, 5}, {2, 4, 0, 6}, {0, 5, 1, 4}};
        std::array<Xmm, 4> results;
        for (int i = 0; i < 3; ++i)
            if (wanted(i)) {
                const auto& t = terms[i];
                results[static_cast<std::size_t>(i)] = product(t[0], t[1]);
                cc_.subps(results[static_cast<std::size_t>(i)], product(t[2], t[3]));
            }
        if (wanted(3))
            results[3] = zero();
        assign(0, results);
        break;
    }
    case Opcode::Nor: { // rv0 / sqrt(((r0 r0 + r1 r1) + r2 r2) + r3 r3)
        const Xmm length = product(0, 0);
        for (int k = 1; k < 4; ++k)
            cc_.addps(length, product(k, k));
        cc_.sqrtps(length, length);
        for (int i = 0; i < 4; ++i)
            if (wanted(i))
                cc_.divps(value(i), length);
        break;
    }
    case Opcode::Sin:
        emitLaneCalls(::sinf); // std::sin on a float, as the interpreter calls it
        break;
    case Opcode::Cos:
        emitLaneCalls(::cosf);
        break;
    case Opcode::Add:
        eachFloat(16, [&](const Xmm& a, int i) { cc_.addps(a, value(kR1 + i)); });
        break;
    case Opcode::Sub:
        eachFloat(16, [&](const Xmm& a, int i) { cc_.subps(a, value(kR1 + i)); });
        break;
    case Opcode::Div:
        eachFloat(16, [&](const Xmm& a, int i) { cc_.divps(a, value(kR1 + i)); });
        break;
    case Opcode::MulVV:
        eachFloat(4, [&](const Xmm& a, int i) { cc_.mulps(a, value(kR1 + i)); });
        break;
    case Opcode::MulMF:
        eachFloat(16, [&](const Xmm& a, int) { cc_.mulps(a, value(kR1)); });
        break;
    case Opcode::MulVF:
        eachFloat(4, [&](const Xmm& a, int) { cc_.mulps(a, value(kR1)); });
        break;
    case Opcode::MulFF:
        eachFloat(1, [&](const Xmm& a, int) { cc_.mulps(a, value(1)); });
        break;
    case Opcode::Sqrt:
        eachFloat(1, [&](const Xmm& a, int) { cc_.sqrtps(a, a); });
        break;
    case Opcode::Min:
    case Opcode::Max: // b < a ? b : a is minps(b, a); a < b ? b : a is maxps(b, a)
        eachFloat(4, [&](const Xmm& a, int i) {
            const Xmm b = temporary();
            cc_.movaps(b, value(kR1 + i));
            cc_.emit(in.opcode == Opcode::Min ? Inst::kIdMinps : Inst::kIdMaxps, b, a);
            cc_.movaps(a, b);
        });
        break;
    case Opcode::Abs:
        eachFloat(4, [&](const Xmm& a, int) { cc_.andps(a, broadcastBits(0x7fffffff)); });
        break;
    case Opcode::Floor: // floorf: roundps, and a NaN kept as it is
        eachFloat(4, [&](const Xmm& a, int) {
            const Xmm rounded = temporary(), nan = temporary();
            cc_.roundps(rounded, a, 9);
            cc_.movaps(nan, a);
            cc_.cmpps(nan, nan, 3); // unordered
            cc_.andps(a, nan);
            cc_.andnps(nan, rounded);
            cc_.orps(a, nan);
        });
        break;
    case Opcode::Slt: // a < b ? 1 : 0, 0 where either is NaN
        eachFloat(4, [&](const Xmm& a, int i) {
            cc_.cmpps(a, value(kR1 + i), 1);
            cc_.andps(a, broadcast(1.0f));
        });
        break;
    }
}

// A mov of data: the lanes' cards jump only to immediate targets, which CardBlocks emits.
void LaneGenerator::emitMov(const Instruction& in) {
    if (in.from < 0 && !in.hasImmediate) { // pos: the pixel of the next instruction
        cc_.movaps(value(in.to), broadcast(static_cast<float>(in.next)));
        return;
    }
    // A source and a destination are the same floats or none in common.
    for (int k = 0; k < in.width; ++k) {
        if (!wanted(in.to + k))
            continue;
        if (in.hasImmediate)
            cc_.movaps(value(in.to + k), broadcast(in.immediate[static_cast<std::size_t>(k)]));
        else if (in.to != in.from)
            cc_.movaps(value(in.to + k), value(in.from + k));
    }
}

// rf0 = function(rf0), called lane by lane.
void LaneGenerator::emitLaneCalls(float (*function)(float)) {
    const Xmm result = temporary();
    for (int lane = 0; lane < 4; ++lane) {
        const Xmm argument = cc_.newXmmSs(), returned = cc_.newXmmSs();
        cc_.pshufd(argument, value(0), lane * 0x55);
        jit::invoke(cc_, function, argument)->setRet(0, returned);
        cc_.insertps(result, returned, static_cast<std::uint32_t>(lane << 4));
    }
    cc_.movaps(value(0), result);
}

// perFloat(float i's register, i) for each of floats 0..count-1 that is wanted: the lane-for-lane
// operations on rm0 (and rm1), each float on its own.
template <typename PerFloat>
void LaneGenerator::eachFloat(int count, PerFloat perFloat) {
    for (int i = 0; i < count; ++i)
        if (wanted(i))
            perFloat(value(i), i);
}

} // namespace

std::optional<jit::NativeCode> compileLanes(const VerifiedProgram& program) {
    for (const Instruction& in : program.instructions())
        if (isJump(in) && !in.hasImmediate)
            return std::nullopt;
    jit::NativeCode::Builder builder;
    LaneGenerator(builder.compiler(), program).generate();
    return builder.finish();
}

} // namespace slvm::card
