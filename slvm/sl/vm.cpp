// A switch-dispatched interpreter over pre-decoded instructions. The verifier has already proved
// every register number, texture unit and jump target in range, so the loop does no checks but
// the budget.
#include "slvm/sl/vm.h"

#include "slvm/sl/trace.h"

#include <cmath>

namespace slvm::sl {

namespace {

Float3 xyz(const Float4& v) {
    return {v[0], v[1], v[2]};
}

void setXyz(Float4& d, float x, float y, float z) {
    d[0] = x;
    d[1] = y;
    d[2] = z;
}

} // namespace

// s.xyz / |s.xyz|, (0,0,0) for a zero vector. Lengths whose square would underflow or overflow a
// float are pre-scaled by the largest component first, so tiny and huge vectors still normalise;
// NaN (and infinite) components give NaN.
void normalize(Float4& d, const Float4& s) {
    const float squared = s[0] * s[0] + s[1] * s[1] + s[2] * s[2];
    if (squared > 1e-30f && squared < 1e30f) {
        const float length = std::sqrt(squared);
        setXyz(d, s[0] / length, s[1] / length, s[2] / length);
        return;
    }
    const float m = std::fmax(std::fabs(s[0]), std::fmax(std::fabs(s[1]), std::fabs(s[2])));
    if (m == 0.0f) {
        setXyz(d, 0.0f, 0.0f, 0.0f);
        return;
    }
    const float x = s[0] / m, y = s[1] / m, z = s[2] / m;
    const float length = std::sqrt(x * x + y * y + z * z);
    setXyz(d, x / length, y / length, z / length);
}

namespace {

// One loop over one switch, a case per operation: longer than a function should be, on purpose,
// so that the compiler makes it a jump table with the registers in reach (this loop is most of a
// shaded sample's time; docs/performance.md). `observe(pc, next, d)` follows every executed
// instruction; execute's is empty and compiles away.
template <typename Observe>
ExecutionResult run(const VerifiedProgram& program, RegisterFile& registers, Host& host,
                    std::uint64_t budget, std::size_t ip, std::uint64_t executed, Observe observe) {
    const ExecInstruction* const code = program.code().data();
    const std::size_t length = program.code().size();
    auto& r = registers.slots;

    while (ip < length) {
        if (executed == budget)
            return {ExecutionStatus::Budget, executed};
        ++executed;
        const std::size_t pc = ip;
        const ExecInstruction& in = code[ip++];
        Float4& d = r[in.a];
        switch (in.operation) {
        case Operation::Nop:
            break;
        case Operation::Ret:
            observe(pc, length, d);
            return {ExecutionStatus::Ok, executed};
        case Operation::Rnd:
            d[0] = host.random();
            break;
        case Operation::Turb1:
            d[0] = host.turbulence(r[in.b][0]);
            break;
        case Operation::Turb3:
            d[0] = host.turbulence(xyz(r[in.b]));
            break;
        case Operation::MovVec: {
            const Float4& s = r[in.b];
            setXyz(d, s[0], s[1], s[2]);
            break;
        }
        case Operation::MovScal:
            d[0] = r[in.b][0];
            break;
        case Operation::Movc:
            d[0] = r[in.b][in.component];
            break;
        case Operation::Lc:
            d[in.component] = r[in.b][0];
            break;
        case Operation::Li:
            d[0] = in.immediate;
            break;
        case Operation::Liv:
            d[in.component] = in.immediate;
            break;
        case Operation::AddVec: {
            const Float4 &s = r[in.b], &t = r[in.c];
            setXyz(d, s[0] + t[0], s[1] + t[1], s[2] + t[2]);
            break;
        }
        case Operation::AddScal:
            d[0] = r[in.b][0] + r[in.c][0];
            break;
        case Operation::SubVec: {
            const Float4 &s = r[in.b], &t = r[in.c];
            setXyz(d, s[0] - t[0], s[1] - t[1], s[2] - t[2]);
            break;
        }
        case Operation::SubScal:
            d[0] = r[in.b][0] - r[in.c][0];
            break;
        case Operation::Cross: {
            const Float4 &s = r[in.b], &t = r[in.c];
            setXyz(d, s[1] * t[2] - s[2] * t[1], s[2] * t[0] - s[0] * t[2],
                   s[0] * t[1] - s[1] * t[0]);
            break;
        }
        case Operation::ScaleVec: {
            const Float4& s = r[in.b];
            const float k = r[in.c][0];
            setXyz(d, s[0] * k, s[1] * k, s[2] * k);
            break;
        }
        case Operation::MulScal:
            d[0] = r[in.b][0] * r[in.c][0];
            break;
        case Operation::Dp3: {
            const Float4 &s = r[in.b], &t = r[in.c];
            d[0] = s[0] * t[0] + s[1] * t[1] + s[2] * t[2];
            break;
        }
        case Operation::DivVec: {
            const Float4& s = r[in.b];
            const float k = r[in.c][0];
            setXyz(d, s[0] / k, s[1] / k, s[2] / k);
            break;
        }
        case Operation::DivScal:
            d[0] = r[in.b][0] / r[in.c][0];
            break;
        case Operation::Clamp: {
            const float lo = r[in.b][0], hi = r[in.c][0];
            d[0] = d[0] < lo ? lo : d[0] > hi ? hi : d[0];
            break;
        }
        case Operation::Floor:
            d[0] = std::floor(r[in.b][0]);
            break;
        case Operation::Ceil:
            d[0] = std::ceil(r[in.b][0]);
            break;
        case Operation::Norm:
            normalize(d, r[in.b]);
            break;
        case Operation::Pow:
            d[0] = std::pow(r[in.b][0], r[in.c][0]);
            break;
        case Operation::Exp:
            d[0] = std::exp(r[in.b][0]);
            break;
        case Operation::Jmp:
            ip = in.target;
            break;
        case Operation::Blt:
            if (r[in.a][0] < r[in.b][0])
                ip = in.target;
            break;
        case Operation::Trace: {
            const Float3 c = host.trace(xyz(r[in.b]), xyz(r[in.c]));
            setXyz(d, c[0], c[1], c[2]);
            break;
        }
        case Operation::Lookup: {
            const Float4& coordinates = r[in.c];
            const Float3 c = host.lookup(in.b, coordinates[0], coordinates[1]);
            setXyz(d, c[0], c[1], c[2]);
            break;
        }
        }
        observe(pc, ip, d);
    }
    return {ExecutionStatus::Ok, executed};
}

} // namespace

const char* statusName(ExecutionStatus status) {
    return status == ExecutionStatus::Ok ? "ok" : "budget";
}

ExecutionResult execute(const VerifiedProgram& program, RegisterFile& registers, Host& host,
                        std::uint64_t budget) {
    return run(program, registers, host, budget, 0, 0,
               [](std::size_t, std::size_t, const Float4&) {});
}

ExecutionResult resume(const VerifiedProgram& program, RegisterFile& registers, Host& host,
                       std::uint64_t budget, std::size_t ip, std::uint64_t executed) {
    return run(program, registers, host, budget, ip, executed,
               [](std::size_t, std::size_t, const Float4&) {});
}

ExecutionResult executeTraced(const VerifiedProgram& program, RegisterFile& registers, Host& host,
                              std::uint64_t budget, std::vector<TraceStep>& steps,
                              std::size_t maxSteps) {
    return run(program, registers, host, budget, 0, 0,
               [&](std::size_t pc, std::size_t next, const Float4& value) {
                   if (steps.size() < maxSteps)
                       steps.push_back({static_cast<std::uint32_t>(pc),
                                        static_cast<std::uint32_t>(next), value});
               });
}

} // namespace slvm::sl
