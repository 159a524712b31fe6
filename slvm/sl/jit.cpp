// The SL code generator: one x86-64 function per verified program, built with asmjit's compiler.
//
// Every register component the program writes lives in a virtual XMM register for the whole run:
// loaded at entry, stored back at every exit, so asmjit's register allocator keeps the hot ones
// in machine registers; a component it only reads is loaded where it is used. Each instruction
// becomes the scalar SSE operations the interpreter's C++ compiles to, in the same order (lrt
// builds with -ffp-contract=off, so neither side fuses a multiply and an add); pow, exp, turb, rnd,
// trace and lookup call the same functions the interpreter calls. The budget is counted per basic
// block: a block that would cross it is left to the interpreter (sl::resume), which stops at the
// same instruction.
#include "slvm/sl/jit.h"

#include "slvm/jit/block_leaders.h"
#include "slvm/jit/code_builder.h"
#include "slvm/sl/registers.h"

#include <cmath>
#include <cstddef>
#include <exception>
#include <math.h>
#include <vector>

namespace slvm::sl {

// What compiled code reads and writes besides the registers. Plain data, so that the code can
// address its fields with offsetof.
struct NativeProgram::Frame {
    Host* host;
    std::uint64_t budget;
    std::uint64_t executed;      // out: instructions run
    std::uint32_t resumeAt;      // out: the block the interpreter goes on with
    std::uint32_t hostFailed;    // set when a host call threw
    std::exception_ptr* failure; // what it threw
};

namespace {

using Frame = NativeProgram::Frame;
namespace x86 = asmjit::x86;

// How a compiled function ends.
enum Outcome : int { kFinished = 0, kResume = 1, kHostFailed = 2 };

// The host calls compiled code makes. An exception must not unwind through generated frames
// (they have no unwind tables), so it is kept in the frame and the code returns kHostFailed.
template <typename F>
auto guarded(Frame* frame, F call) noexcept -> decltype(call()) {
    try {
        return call();
    } catch (...) {
        *frame->failure = std::current_exception();
        frame->hostFailed = 1;
        return decltype(call())();
    }
}

float hostRandom(Frame* frame) {
    return guarded(frame, [&] { return frame->host->random(); });
}
float hostTurbulence1(Frame* frame, float x) {
    return guarded(frame, [&] { return frame->host->turbulence(x); });
}
float hostTurbulence3(Frame* frame, float x, float y, float z) {
    return guarded(frame, [&] { return frame->host->turbulence(Float3{x, y, z}); });
}
// in: origin xyz, direction xyz; out: the colour.
void hostTrace(Frame* frame, const float* in, float* out) {
    const Float3 c = guarded(frame, [&] {
        return frame->host->trace(Float3{in[0], in[1], in[2]}, Float3{in[3], in[4], in[5]});
    });
    out[0] = c[0], out[1] = c[1], out[2] = c[2];
}
void hostLookup(Frame* frame, int unit, float s, float t, float* out) {
    const Float3 c = guarded(frame, [&] { return frame->host->lookup(unit, s, t); });
    out[0] = c[0], out[1] = c[1], out[2] = c[2];
}
void normalizeOutsideFastPath(const float* s, float* d) {
    Float4 result{}, source{s[0], s[1], s[2], 0.0f};
    normalize(result, source);
    d[0] = result[0], d[1] = result[1], d[2] = result[2];
}

// Which register components a program writes: those live in virtual registers for the whole run.
using WrittenComponents = std::array<std::array<bool, 4>, kRegisterCount>;

WrittenComponents writtenBy(const std::vector<ExecInstruction>& code) {
    WrittenComponents written{};
    auto write = [&](int r, int from, int to) {
        for (int c = from; c < to; ++c)
            written[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
    };
    for (const ExecInstruction& in : code) {
        switch (in.operation) {
        case Operation::Nop:
        case Operation::Ret:
        case Operation::Jmp:
        case Operation::Blt:
            break;
        case Operation::Liv:
        case Operation::Lc:
            write(in.a, in.component, in.component + 1);
            break;
        case Operation::MovVec:
        case Operation::Norm:
        case Operation::AddVec:
        case Operation::SubVec:
        case Operation::Cross:
        case Operation::ScaleVec:
        case Operation::DivVec:
        case Operation::Trace:
        case Operation::Lookup:
            write(in.a, 0, 3);
            break;
        case Operation::Rnd:
        case Operation::Turb1:
        case Operation::Turb3:
        case Operation::MovScal:
        case Operation::Movc:
        case Operation::Li:
        case Operation::AddScal:
        case Operation::SubScal:
        case Operation::MulScal:
        case Operation::Dp3:
        case Operation::DivScal:
        case Operation::Clamp:
        case Operation::Floor:
        case Operation::Ceil:
        case Operation::Pow:
        case Operation::Exp:
            write(in.a, 0, 1);
            break;
        }
    }
    return written;
}

// Jumps and branches go to their target or on; a return ends the run.
std::vector<bool> blockLeaders(const std::vector<ExecInstruction>& code) {
    return jit::blockLeaders(code.size(), 0, [&](std::size_t i) {
        const ExecInstruction& in = code[i];
        const bool jumps = in.operation == Operation::Jmp || in.operation == Operation::Blt;
        return jit::ControlFlow{jumps || in.operation == Operation::Ret,
                                jumps ? std::optional<std::size_t>(in.target) : std::nullopt};
    });
}

class Generator {
public:
    Generator(x86::Compiler& cc, const VerifiedProgram& program)
        : cc_(cc), code_(program.code()), written_(writtenBy(code_)) {}

    void generate();

private:
    using Xmm = x86::Xmm;

    // The virtual register of a component the program writes.
    Xmm& at(int r, int c) {
        return value_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
    }
    bool isWritten(int r, int c) const {
        return written_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
    }
    // A component's value: its virtual register, or for one the program only reads, a load from
    // the register file (like a C++ compiler's for an input it cannot keep in a register, without
    // keeping it alive across host calls).
    Xmm read(int r, int c) {
        if (isWritten(r, c))
            return at(r, c);
        const Xmm t = temporary();
        cc_.movss(t, registerMemory(r, c));
        return t;
    }
    Xmm temporary() { return cc_.newXmmSs(); }
    Xmm copyOf(const Xmm& x) {
        const Xmm t = temporary();
        cc_.movaps(t, x);
        return t;
    }
    Xmm arithmetic(const Xmm& x, const Xmm& y, asmjit::InstId instruction) {
        const Xmm t = copyOf(x);
        cc_.emit(instruction, t, y);
        return t;
    }
    Xmm add(const Xmm& x, const Xmm& y) { return arithmetic(x, y, x86::Inst::kIdAddss); }
    Xmm sub(const Xmm& x, const Xmm& y) { return arithmetic(x, y, x86::Inst::kIdSubss); }
    Xmm mul(const Xmm& x, const Xmm& y) { return arithmetic(x, y, x86::Inst::kIdMulss); }
    Xmm div(const Xmm& x, const Xmm& y) { return arithmetic(x, y, x86::Inst::kIdDivss); }
    void assign(int r, int c, const Xmm& x) { cc_.movaps(at(r, c), x); }
    void assignXyz(int r, const std::array<Xmm, 3>& x) {
        for (int c = 0; c < 3; ++c)
            assign(r, c, x[static_cast<std::size_t>(c)]);
    }
    // Every component is computed before any is written: the destination may be a source.
    template <typename Component>
    void assignEach(int r, Component component) {
        assignXyz(r, {component(0), component(1), component(2)});
    }
    x86::Mem registerMemory(int r, int c) const {
        return x86::dword_ptr(registers_, 16 * r + 4 * c);
    }
    x86::Mem frameField(std::size_t offset, std::uint32_t size) const {
        return x86::ptr(frame_, static_cast<std::int32_t>(offset), size);
    }

    template <typename Result, typename... Parameters, typename... Arguments>
    asmjit::InvokeNode* call(Result (*function)(Parameters...), const Arguments&... arguments) {
        return jit::invoke(cc_, function, arguments...);
    }
    void checkHost() {
        cc_.cmp(frameField(offsetof(Frame, hostFailed), 4), 0);
        cc_.jne(hostFailed_);
    }

    void emit(const ExecInstruction& in);
    void emitHostCall(const ExecInstruction& in);
    void emitClamp(const ExecInstruction& in);
    void emitNormalize(const ExecInstruction& in);
    void emitExits();
    void storeWritten();

    x86::Compiler& cc_;
    const std::vector<ExecInstruction>& code_;
    WrittenComponents written_;
    std::array<std::array<Xmm, 4>, kRegisterCount> value_{};
    x86::Gp registers_, frame_, resumeAt_;
    std::optional<jit::BudgetCounter> budget_;
    std::vector<asmjit::Label> labels_; // per instruction (leaders only), and the end
    asmjit::Label resume_, hostFailed_;
};

void Generator::generate() {
    const jit::ProgramFunction function =
        jit::beginProgramFunction(cc_, offsetof(Frame, budget), budget_);
    registers_ = function.registers;
    frame_ = function.frame;
    resumeAt_ = cc_.newUInt32("resumeAt");
    for (int r = 0; r < kRegisterCount; ++r)
        for (int c = 0; c < 4; ++c)
            if (isWritten(r, c)) { // read before written on some path, or kept where not written
                at(r, c) = cc_.newXmmSs();
                cc_.movss(at(r, c), registerMemory(r, c));
            }

    const std::vector<bool> leader = blockLeaders(code_);
    labels_ = jit::leaderLabels(cc_, leader);
    resume_ = cc_.newLabel();
    hostFailed_ = cc_.newLabel();
    jit::emitBlocks(cc_, *budget_, leader, labels_, [&](std::size_t i) { emit(code_[i]); });
    cc_.bind(labels_[code_.size()]); // off the end, or a return
    emitExits();
    cc_.endFunc();
}

void Generator::storeWritten() {
    for (int r = 0; r < kRegisterCount; ++r)
        for (int c = 0; c < 4; ++c)
            if (isWritten(r, c))
                cc_.movss(registerMemory(r, c), at(r, c));
    cc_.mov(frameField(offsetof(Frame, executed), 8), budget_->executed());
}

void Generator::emitExits() {
    const x86::Gp outcome = cc_.newInt32("outcome");
    storeWritten();
    cc_.mov(outcome, kFinished);
    cc_.ret(outcome);

    budget_->emitExits(resume_, resumeAt_);
    cc_.bind(resume_);
    storeWritten();
    cc_.mov(frameField(offsetof(Frame, resumeAt), 4), resumeAt_);
    cc_.mov(outcome, kResume);
    cc_.ret(outcome);

    cc_.bind(hostFailed_);
    cc_.mov(outcome, kHostFailed);
    cc_.ret(outcome);
}

// One case per operation, as the interpreter's switch has (no default: -Wswitch checks that each
// has one), which makes it longer than most functions here.
void Generator::emit(const ExecInstruction& in) {
    const int a = in.a, b = in.b, c = in.c;
    switch (in.operation) {
    case Operation::Nop:
        break;
    case Operation::Ret:
        cc_.jmp(labels_[code_.size()]);
        break;
    case Operation::Jmp:
        cc_.jmp(labels_[in.target]);
        break;
    case Operation::Blt: // a.x < b.x, false when either is NaN
        cc_.ucomiss(read(b, 0), read(a, 0));
        cc_.ja(labels_[in.target]);
        break;
    case Operation::MovScal:
        assign(a, 0, copyOf(read(b, 0)));
        break;
    case Operation::Movc:
        assign(a, 0, copyOf(read(b, in.component)));
        break;
    case Operation::Lc:
        assign(a, in.component, copyOf(read(b, 0)));
        break;
    case Operation::Li:
        cc_.movss(at(a, 0), jit::constant(cc_, in.immediate));
        break;
    case Operation::Liv:
        cc_.movss(at(a, in.component), jit::constant(cc_, in.immediate));
        break;
    case Operation::AddScal:
        assign(a, 0, add(read(b, 0), read(c, 0)));
        break;
    case Operation::SubScal:
        assign(a, 0, sub(read(b, 0), read(c, 0)));
        break;
    case Operation::MulScal:
        assign(a, 0, mul(read(b, 0), read(c, 0)));
        break;
    case Operation::DivScal:
        assign(a, 0, div(read(b, 0), read(c, 0)));
        break;
    case Operation::Dp3:
        assign(a, 0,
               add(add(mul(read(b, 0), read(c, 0)), mul(read(b, 1), read(c, 1))),
                   mul(read(b, 2), read(c, 2))));
        break;
    case Operation::Floor:
    case Operation::Ceil:
        assign(a, 0, jit::roundDown(cc_, read(b, 0), in.operation == Operation::Floor));
        break;
    case Operation::Clamp:
        emitClamp(in);
        break;
    case Operation::Norm:
        emitNormalize(in);
        break;
    case Operation::Pow:
    case Operation::Exp: {
        const Xmm t = temporary(), x = read(b, 0);
        // std::pow and std::exp on floats, as the interpreter calls them, are powf and expf.
        asmjit::InvokeNode* node =
            in.operation == Operation::Pow ? call(::powf, x, read(c, 0)) : call(::expf, x);
        node->setRet(0, t);
        assign(a, 0, t);
        break;
    }
    case Operation::Rnd:
    case Operation::Turb1:
    case Operation::Turb3:
    case Operation::Trace:
    case Operation::Lookup:
        emitHostCall(in);
        break;
    case Operation::MovVec:
        assignEach(a, [&](int i) { return copyOf(read(b, i)); });
        break;
    case Operation::AddVec:
        assignEach(a, [&](int i) { return add(read(b, i), read(c, i)); });
        break;
    case Operation::SubVec:
        assignEach(a, [&](int i) { return sub(read(b, i), read(c, i)); });
        break;
    case Operation::ScaleVec:
        assignEach(a, [&](int i) { return mul(read(b, i), read(c, 0)); });
        break;
    case Operation::DivVec:
        assignEach(a, [&](int i) { return div(read(b, i), read(c, 0)); });
        break;
    case Operation::Cross:
        assignEach(a, [&](int i) {
            const int j = (i + 1) % 3, k = (i + 2) % 3;
            return sub(mul(read(b, j), read(c, k)), mul(read(b, k), read(c, j)));
        });
        break;
    }
}

// d.x < lo ? lo : d.x > hi ? hi : d.x, each comparison false on NaN, as the interpreter's.
void Generator::emitClamp(const ExecInstruction& in) {
    const Xmm lo = copyOf(read(in.b, 0)), hi = copyOf(read(in.c, 0)), d = read(in.a, 0);
    const asmjit::Label keep = cc_.newLabel(), notLow = cc_.newLabel();
    cc_.ucomiss(lo, d);
    cc_.jbe(notLow); // not lo > d (or unordered)
    cc_.movaps(d, lo);
    cc_.jmp(keep);
    cc_.bind(notLow);
    cc_.ucomiss(d, hi);
    cc_.jbe(keep);
    cc_.movaps(d, hi);
    cc_.bind(keep);
    assign(in.a, 0, d);
}

// The interpreter's fast path inline (the squared length within (1e-30, 1e30): sqrt and three
// divisions); everything else calls its own normalize.
void Generator::emitNormalize(const ExecInstruction& in) {
    const int a = in.a, b = in.b;
    const Xmm squared = add(add(mul(read(b, 0), read(b, 0)), mul(read(b, 1), read(b, 1))),
                            mul(read(b, 2), read(b, 2)));
    const std::array<Xmm, 3> result{temporary(), temporary(), temporary()};
    const asmjit::Label slow = cc_.newLabel(), done = cc_.newLabel();
    cc_.ucomiss(squared, jit::constant(cc_, 1e-30f));
    cc_.jbe(slow);
    cc_.movss(result[0], jit::constant(cc_, 1e30f));
    cc_.ucomiss(result[0], squared);
    cc_.jbe(slow);
    const Xmm length = temporary();
    cc_.sqrtss(length, squared);
    for (int i = 0; i < 3; ++i) {
        cc_.movaps(result[static_cast<std::size_t>(i)], read(b, i));
        cc_.divss(result[static_cast<std::size_t>(i)], length);
    }
    cc_.jmp(done);

    cc_.bind(slow);
    const x86::Mem buffer = cc_.newStack(32, 16);
    const x86::Gp address = cc_.newIntPtr();
    cc_.lea(address, buffer);
    for (int i = 0; i < 3; ++i)
        cc_.movss(x86::dword_ptr(address, 4 * i), read(b, i));
    const x86::Gp output = cc_.newIntPtr();
    cc_.lea(output, x86::ptr(address, 16));
    call(normalizeOutsideFastPath, address, output);
    for (int i = 0; i < 3; ++i)
        cc_.movss(result[static_cast<std::size_t>(i)], x86::dword_ptr(address, 16 + 4 * i));
    cc_.bind(done);
    assignXyz(a, result);
}

void Generator::emitHostCall(const ExecInstruction& in) {
    const int a = in.a, b = in.b, c = in.c;
    if (in.operation == Operation::Trace || in.operation == Operation::Lookup) {
        const x86::Mem buffer = cc_.newStack(48, 16);
        const x86::Gp address = cc_.newIntPtr(), output = cc_.newIntPtr();
        cc_.lea(address, buffer);
        cc_.lea(output, x86::ptr(address, 32));
        if (in.operation == Operation::Trace) {
            for (int i = 0; i < 3; ++i) {
                cc_.movss(x86::dword_ptr(address, 4 * i), read(b, i));
                cc_.movss(x86::dword_ptr(address, 12 + 4 * i), read(c, i));
            }
            call(hostTrace, frame_, address, output);
        } else {
            call(hostLookup, frame_, asmjit::imm(b), read(c, 0), read(c, 1), output);
        }
        checkHost();
        const std::array<Xmm, 3> colour{temporary(), temporary(), temporary()};
        for (int i = 0; i < 3; ++i)
            cc_.movss(colour[static_cast<std::size_t>(i)], x86::dword_ptr(address, 32 + 4 * i));
        assignXyz(a, colour);
        return;
    }
    const Xmm result = temporary();
    asmjit::InvokeNode* node = nullptr;
    if (in.operation == Operation::Rnd) {
        node = call(hostRandom, frame_);
    } else if (in.operation == Operation::Turb1) {
        node = call(hostTurbulence1, frame_, read(b, 0));
    } else {
        const Xmm x = read(b, 0), y = read(b, 1), z = read(b, 2);
        node = call(hostTurbulence3, frame_, x, y, z);
    }
    node->setRet(0, result);
    checkHost();
    assign(a, 0, result);
}

} // namespace

std::shared_ptr<const NativeProgram> NativeProgram::compile(const VerifiedProgram& program) {
    jit::NativeCode::Builder builder;
    Generator(builder.compiler(), program).generate();
    return std::shared_ptr<const NativeProgram>(new NativeProgram(program, builder.finish()));
}

ExecutionResult NativeProgram::execute(RegisterFile& registers, Host& host,
                                       std::uint64_t budget) const {
    std::exception_ptr failure;
    Frame frame{&host, budget, 0, 0, 0, &failure};
    const int outcome = entry_(registers.slots[0].data(), &frame);
    if (outcome == kResume)
        return resume(*program_, registers, host, budget, frame.resumeAt, frame.executed);
    if (outcome == kHostFailed)
        std::rethrow_exception(failure);
    return {ExecutionStatus::Ok, frame.executed}; // kFinished
}

} // namespace slvm::sl
