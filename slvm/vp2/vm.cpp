// The instruction semantics, one case per opcode, following the spec's pseudo-code and its
// special-case rules. The approximations (EX2, LG2, RCP, RSQ, SIN, COS, EXP, LOG, LIT's power)
// use the C library's correctly rounded or near-correctly rounded functions, well inside the
// spec's 22-bit (11-bit for EXP, LOG, LIT) accuracy bounds.
#include "slvm/vp2/vm.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

namespace slvm::vp2 {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInfinity = std::numeric_limits<float>::infinity();

Condition conditionOf(float value) {
    if (std::isnan(value))
        return Condition::UN;
    return value < 0 ? Condition::LT : value == 0 ? Condition::EQ : Condition::GT;
}

bool passes(ConditionRule rule, Condition c) {
    switch (rule) {
    case ConditionRule::None:
    case ConditionRule::TR:
        return true;
    case ConditionRule::FL:
        return false;
    case ConditionRule::EQ:
        return c == Condition::EQ;
    case ConditionRule::NE:
        return c != Condition::EQ;
    case ConditionRule::LT:
        return c == Condition::LT;
    case ConditionRule::GE:
        return c == Condition::GT || c == Condition::EQ;
    case ConditionRule::LE:
        return c == Condition::LT || c == Condition::EQ;
    case ConditionRule::GT:
        return c == Condition::GT;
    }
    return false;
}

Vector4 replicate(float value) {
    return {value, value, value, value};
}

template <typename F>
Vector4 componentwise(const Vector4& a, F f) {
    return {f(a[0]), f(a[1]), f(a[2]), f(a[3])};
}
template <typename F>
Vector4 componentwise(const Vector4& a, const Vector4& b, F f) {
    return {f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])};
}

// "Set on" comparisons: 1 or 0, and NaN when either operand is NaN.
template <typename Compare>
Vector4 setOn(const Vector4& a, const Vector4& b, Compare compare) {
    return componentwise(a, b, [&](float x, float y) {
        return std::isnan(x) || std::isnan(y) ? kNaN : compare(x, y) ? 1.0f : 0.0f;
    });
}

float maximum(float a, float b) {
    return std::isnan(a) || std::isnan(b) ? kNaN : a > b ? a : b;
}
float minimum(float a, float b) {
    return std::isnan(a) || std::isnan(b) ? kNaN : a < b ? a : b;
}

float setSign(float x) {
    if (std::isnan(x))
        return kNaN;
    return x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f;
}

float reciprocalClamped(float x) {
    if (std::isnan(x))
        return kNaN;
    constexpr float small = 0x1p-64f, large = 0x1p64f;
    const float r = 1.0f / x;
    // The sign of r, not r > 0, picks the range: 1/+INF is +0 and clamps to +2^-64.
    return std::signbit(r) ? std::clamp(r, -large, -small) : std::clamp(r, small, large);
}

// LIT's power, with the special cases of spec section 2.14.3.18 that the formula
// 2^(b log2 a) alone would get wrong (0^0, 1^inf).
float roughPower(float a, float b) {
    if (std::isnan(a) || std::isnan(b))
        return kNaN;
    if (b == 0 || a == 1)
        return 1.0f;
    if (a == 0)
        return b > 0 ? 0.0f : kInfinity;
    if (a < 0)
        return kNaN;
    return std::exp2(b * std::log2(a));
}

// An address component from a float already rounded to an integer: clamped to the 10-bit range;
// NaN (for which the spec defines no integer) loads 0.
int toAddress(float value) {
    if (std::isnan(value))
        return 0;
    return static_cast<int>(
        std::clamp(value, static_cast<float>(kAddressMin), static_cast<float>(kAddressMax)));
}

float dot3(const Vector4& a, const Vector4& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

} // namespace

const char* statusName(Status status) {
    switch (status) {
    case Status::Ok:
        return "ok";
    case Status::Limit:
        return "limit";
    case Status::Overflow:
        return "overflow";
    }
    return "";
}

float flushDenormal(float value) {
    return std::fabs(value) < FLT_MIN ? std::copysign(0.0f, value) : value;
}

VertexMachine::VertexMachine(const Program& program, std::span<const Vector4> parameters)
    : program_(program) {
    const std::size_t count =
        std::min(parameters.size(), static_cast<std::size_t>(program.limits().parameters));
    for (std::size_t i = 0; i < count; ++i)
        parameters_[i] = componentwise(parameters[i], flushDenormal);
}

Status VertexMachine::run(const std::array<Vector4, kAttributeCount>& attributes) {
    for (std::size_t i = 0; i < attributes.size(); ++i)
        attributes_[i] = componentwise(attributes[i], flushDenormal);
    temporaries_ = {};
    results_.fill({0, 0, 0, 1});
    address_ = {};
    condition_.fill(Condition::EQ);
    executed_ = 0;
    status_ = Status::Ok;

    const auto& code = program_.instructions();
    const std::size_t length = code.size();
    std::array<std::size_t, kCallStackDepth> callStack{};
    int depth = 0;
    std::size_t ip = static_cast<std::size_t>(program_.entryPoint());
    while (ip < length) {
        if (executed_ == kExecutionLimit)
            return status_ = Status::Limit;
        ++executed_;
        const Instruction& in = code[ip++];
        switch (in.opcode) {
        case Opcode::BRA:
            if (conditionHolds(in))
                ip = static_cast<std::size_t>(in.target);
            break;
        case Opcode::CAL:
            if (conditionHolds(in)) {
                if (depth == kCallStackDepth)
                    return status_ = Status::Overflow;
                callStack[static_cast<std::size_t>(depth++)] = ip;
                ip = static_cast<std::size_t>(in.target);
            }
            break;
        case Opcode::RET:
            if (conditionHolds(in)) {
                if (depth == 0)
                    return status_;
                ip = callStack[static_cast<std::size_t>(--depth)];
            }
            break;
        case Opcode::ARL:
        case Opcode::ARR:
        case Opcode::ARA:
            writeAddress(in, evaluateAddress(in));
            break;
        default:
            write(in, evaluate(in));
            break;
        }
    }
    return status_;
}

const Vector4& VertexMachine::sourceRegister(const Source& s) const {
    static constexpr Vector4 zero{0, 0, 0, 0};
    switch (s.file) {
    case RegisterFile::Attribute:
        return attributes_[s.index];
    case RegisterFile::Temporary:
        return temporaries_[s.index];
    case RegisterFile::Parameter: {
        if (!s.relative)
            return parameters_[s.index];
        // Out of the environment's range reads (0,0,0,0) (DESIGN.md section 4).
        const int index = address_[s.addressRegister][s.addressComponent] + s.offset;
        return index >= 0 && index < program_.limits().parameters
                   ? parameters_[static_cast<std::size_t>(index)]
                   : zero;
    }
    default:
        return zero;
    }
}

Vector4 VertexMachine::load(const Source& s) const {
    const Vector4& r = sourceRegister(s);
    Vector4 v{r[s.swizzle[0]], r[s.swizzle[1]], r[s.swizzle[2]], r[s.swizzle[3]]};
    if (s.negateBase)
        v = componentwise(v, [](float x) { return -x; });
    if (s.absolute)
        v = componentwise(v, [](float x) { return std::fabs(x); });
    if (s.negateAbsolute)
        v = componentwise(v, [](float x) { return -x; });
    return v;
}

bool VertexMachine::enabled(const Instruction& in, int component) const {
    return ((in.destination.writeMask >> component) & 1) &&
           passes(in.conditionRule, condition_[in.conditionSwizzle[component]]);
}

// BRA, CAL and RET: taken when any swizzled condition component passes.
bool VertexMachine::conditionHolds(const Instruction& in) const {
    for (int i = 0; i < 4; ++i)
        if (passes(in.conditionRule, condition_[in.conditionSwizzle[i]]))
            return true;
    return false;
}

Vector4& VertexMachine::destinationRegister(const Destination& d) {
    switch (d.file) {
    case RegisterFile::Temporary:
        return temporaries_[d.index];
    case RegisterFile::Result:
        return results_[d.index];
    default:
        return discard_;
    }
}

void VertexMachine::write(const Instruction& in, const Vector4& value) {
    Vector4& destination = destinationRegister(in.destination);
    std::array<Condition, 4> updated = condition_;
    for (int i = 0; i < 4; ++i) {
        if (!enabled(in, i))
            continue;
        const float v = flushDenormal(value[static_cast<std::size_t>(i)]);
        destination[static_cast<std::size_t>(i)] = v;
        if (in.updatesCondition)
            updated[static_cast<std::size_t>(i)] = conditionOf(v);
    }
    condition_ = updated;
}

void VertexMachine::writeAddress(const Instruction& in, const std::array<int, 4>& value) {
    auto& destination = address_[in.destination.index];
    std::array<Condition, 4> updated = condition_;
    for (int i = 0; i < 4; ++i) {
        if (!enabled(in, i))
            continue;
        const int v = value[static_cast<std::size_t>(i)];
        destination[static_cast<std::size_t>(i)] = v;
        if (in.updatesCondition)
            updated[static_cast<std::size_t>(i)] = conditionOf(static_cast<float>(v));
    }
    condition_ = updated;
}

std::array<int, 4> VertexMachine::evaluateAddress(const Instruction& in) const {
    if (in.opcode == Opcode::ARA) {
        const auto& a = address_[in.sources[0].index];
        const int xz = std::clamp(a[0] + a[2], kAddressMin, kAddressMax);
        const int yw = std::clamp(a[1] + a[3], kAddressMin, kAddressMax);
        return {xz, yw, xz, yw};
    }
    const Vector4 v = load(in.sources[0]);
    const bool round = in.opcode == Opcode::ARR; // round half to even, the default FP mode
    std::array<int, 4> out{};
    for (std::size_t i = 0; i < 4; ++i)
        out[i] = toAddress(round ? std::nearbyint(v[i]) : std::floor(v[i]));
    return out;
}

Vector4 VertexMachine::evaluate(const Instruction& in) const {
    std::array<Vector4, 3> op{};
    for (std::size_t i = 0; i < in.sourceCount; ++i)
        op[i] = load(in.sources[i]);
    const Vector4 &a = op[0], &b = op[1], &c = op[2];
    const float s = a[0]; // scalar operands replicate their component across the swizzle
    switch (in.opcode) {
    case Opcode::ABS:
        return componentwise(a, [](float x) { return std::fabs(x); });
    case Opcode::ADD:
        return componentwise(a, b, [](float x, float y) { return x + y; });
    case Opcode::SUB:
        return componentwise(a, b, [](float x, float y) { return x - y; });
    case Opcode::MUL:
        return componentwise(a, b, [](float x, float y) { return x * y; });
    case Opcode::MAD:
        return {a[0] * b[0] + c[0], a[1] * b[1] + c[1], a[2] * b[2] + c[2], a[3] * b[3] + c[3]};
    case Opcode::DP3:
        return replicate(dot3(a, b));
    case Opcode::DP4:
        return replicate(dot3(a, b) + a[3] * b[3]);
    case Opcode::DPH:
        return replicate(dot3(a, b) + b[3]);
    case Opcode::DST:
        return {1.0f, a[1] * b[1], a[2], b[3]};
    case Opcode::MAX:
        return componentwise(a, b, maximum);
    case Opcode::MIN:
        return componentwise(a, b, minimum);
    case Opcode::MOV:
        return a;
    case Opcode::FLR:
        return componentwise(a, [](float x) { return std::floor(x); });
    case Opcode::FRC:
        return componentwise(a, [](float x) { return x - std::floor(x); });
    case Opcode::SSG:
        return componentwise(a, setSign);
    case Opcode::SEQ:
        return setOn(a, b, [](float x, float y) { return x == y; });
    case Opcode::SNE:
        return setOn(a, b, [](float x, float y) { return x != y; });
    case Opcode::SGE:
        return setOn(a, b, [](float x, float y) { return x >= y; });
    case Opcode::SGT:
        return setOn(a, b, [](float x, float y) { return x > y; });
    case Opcode::SLE:
        return setOn(a, b, [](float x, float y) { return x <= y; });
    case Opcode::SLT:
        return setOn(a, b, [](float x, float y) { return x < y; });
    case Opcode::SFL:
        return replicate(0.0f);
    case Opcode::STR:
        return replicate(1.0f);
    case Opcode::RCP:
        return replicate(1.0f / s);
    case Opcode::RCC:
        return replicate(reciprocalClamped(s));
    case Opcode::RSQ:
        return replicate(1.0f / std::sqrt(s));
    case Opcode::EX2:
        return replicate(std::exp2(s));
    case Opcode::LG2:
        return replicate(std::log2(s));
    case Opcode::SIN:
        return replicate(std::sin(s));
    case Opcode::COS:
        return replicate(std::cos(s));
    case Opcode::EXP: {
        const float whole = std::floor(s);
        return {std::exp2(whole), s - whole, std::exp2(s), 1.0f};
    }
    case Opcode::LOG: {
        const float x = std::fabs(s);
        if (std::isnan(x))
            return {kNaN, kNaN, kNaN, 1.0f};
        if (x == 0) // floor(log2 0) = -inf, and 0 / 2^-inf is 0/0
            return {-kInfinity, kNaN, -kInfinity, 1.0f};
        if (std::isinf(x))
            return {kInfinity, kNaN, kInfinity, 1.0f};
        // The exponent exactly (log2f may round 2^24-1 up to 24), and the mantissa in [1, 2).
        const int exponent = std::ilogb(x);
        return {static_cast<float>(exponent), std::scalbn(x, -exponent), std::log2(x), 1.0f};
    }
    case Opcode::LIT: {
        constexpr float limit = 128.0f - 128.0f * FLT_EPSILON / 2; // largest float below 128
        const float diffuse = a[0] < 0 ? 0.0f : a[0];
        const float specular = a[1] < 0 ? 0.0f : a[1];
        const float power = a[3] < -limit ? -limit : a[3] > limit ? limit : a[3];
        return {1.0f, diffuse, diffuse > 0 ? roughPower(specular, power) : 0.0f, 1.0f};
    }
    default:
        return a; // flow control and address instructions are handled by the caller
    }
}

} // namespace slvm::vp2
