// The instruction semantics, one case per opcode, following the spec's pseudo-code and its
// special-case rules. The approximations (EX2, LG2, RCP, RSQ, SIN, COS, EXP, LOG, LIT's power)
// use the C library's correctly rounded or near-correctly rounded functions, well inside the
// spec's 22-bit (11-bit for EXP, LOG, LIT) accuracy bounds.
#include "slvm/vp2/vm.h"

#include "slvm/vp2/jit.h"

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace slvm::vp2 {

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInfinity = std::numeric_limits<float>::infinity();

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

// max(A, B) must equal max(B, A) (spec 2.14.3.21): of two equal zeros MAX gives +0, MIN -0, so
// the VP1.0 idiom "MAX R0, x, -x" is |x| for x = +0 too.
float maximum(float a, float b) {
    if (std::isnan(a) || std::isnan(b))
        return kNaN;
    if (a == b)
        return std::signbit(a) ? b : a;
    return a > b ? a : b;
}
float minimum(float a, float b) {
    if (std::isnan(a) || std::isnan(b))
        return kNaN;
    if (a == b)
        return std::signbit(a) ? a : b;
    return a < b ? a : b;
}

float setSign(float x) {
    if (std::isnan(x))
        return kNaN;
    return x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f;
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

float reciprocalClamped(float x) {
    if (std::isnan(x))
        return kNaN;
    constexpr float small = 0x1p-64f, large = 0x1p64f;
    const float r = 1.0f / x;
    // The sign of r, not r > 0, picks the range: 1/+INF is +0 and clamps to +2^-64.
    return std::signbit(r) ? std::clamp(r, -large, -small) : std::clamp(r, small, large);
}

float flushDenormal(float value) {
    return std::fabs(value) < FLT_MIN ? std::copysign(0.0f, value) : value;
}

namespace {

DecodedStep decode(const Instruction& in, int parameters) {
    constexpr int kTemporaryBase = RegisterSlots::kTemporaryBase;
    constexpr int kResultBase = RegisterSlots::kResultBase;
    constexpr int kAttributeBase = RegisterSlots::kAttributeBase;
    constexpr int kParameterBase = RegisterSlots::kParameterBase;
    DecodedStep s{};
    s.opcode = in.opcode;
    s.updatesCondition = in.updatesCondition;
    s.destinationFile = in.destination.file;
    switch (in.destination.file) {
    case RegisterFile::Temporary:
        s.destination = static_cast<std::uint16_t>(kTemporaryBase + in.destination.index);
        break;
    case RegisterFile::Result:
        s.destination = static_cast<std::uint16_t>(kResultBase + in.destination.index);
        break;
    case RegisterFile::Address:
        s.destination = static_cast<std::uint16_t>(in.destination.index);
        break;
    case RegisterFile::Attribute: // BRA, CAL, RET and the verifier's other unwritten files
    case RegisterFile::Parameter:
    case RegisterFile::CC:
        s.destination = RegisterSlots::kDiscard;
        break;
    }
    s.writeMask = in.destination.writeMask;
    s.conditionRule = in.conditionRule;
    s.conditionSwizzle = in.conditionSwizzle;
    s.plainWrite = in.conditionRule == ConditionRule::None && !in.updatesCondition;
    s.sourceCount = in.sourceCount;
    s.target = in.target;
    for (std::size_t i = 0; i < in.sourceCount; ++i) {
        const Source& source = in.sources[i];
        DecodedOperand& o = s.sources[i];
        switch (source.file) {
        case RegisterFile::Attribute:
            o.index = static_cast<std::uint16_t>(kAttributeBase + source.index);
            break;
        case RegisterFile::Temporary:
            o.index = static_cast<std::uint16_t>(kTemporaryBase + source.index);
            break;
        case RegisterFile::Parameter:
            o.index = static_cast<std::uint16_t>(
                source.index < parameters ? kParameterBase + source.index : RegisterSlots::kZero);
            break;
        case RegisterFile::Address: // ARA's address register
        case RegisterFile::Result:  // neither can be read: the verifier refuses them
        case RegisterFile::CC:
            o.index = static_cast<std::uint16_t>(source.index);
            break;
        }
        o.swizzle = source.swizzle;
        o.relative = source.relative;
        o.addressRegister = source.addressRegister;
        o.addressComponent = source.addressComponent;
        o.offset = static_cast<std::int16_t>(source.offset); // verified within +-256
        // Negation before |x| does not matter; after it, it sets the sign.
        constexpr std::uint32_t sign = 0x80000000u;
        if (source.absolute) {
            o.andMask = ~sign;
            o.xorMask = source.negateAbsolute ? sign : 0;
        } else {
            o.xorMask = source.negateBase ? sign : 0;
        }
        o.plain = o.swizzle == kIdentitySwizzle && o.andMask == ~0u && o.xorMask == 0;
    }
    return s;
}

} // namespace

std::vector<DecodedStep> decodeProgram(const VerifiedProgram& program) {
    std::vector<DecodedStep> steps;
    for (const Instruction& in : program.instructions())
        steps.push_back(decode(in, program.limits().parameters));
    return steps;
}

WrittenSlots writtenSlots(const std::vector<DecodedStep>& steps, bool positionInvariant) {
    WrittenSlots written{};
    for (const DecodedStep& s : steps) {
        const bool branch =
            s.opcode == Opcode::BRA || s.opcode == Opcode::CAL || s.opcode == Opcode::RET;
        if (!branch && (s.destinationFile == RegisterFile::Temporary ||
                        s.destinationFile == RegisterFile::Result))
            written[s.destination] = true;
    }
    written[RegisterSlots::kResultBase] |= positionInvariant;
    return written;
}

VertexMachine::VertexMachine(const VerifiedProgram& program, std::span<const Vector4> parameters,
                             const NativeVertexProgram* native)
    : steps_(decodeProgram(program)), written_(writtenSlots(steps_, program.positionInvariant())),
      native_(native), entryPoint_(static_cast<std::size_t>(program.entryPoint())),
      positionInvariant_(program.positionInvariant()),
      parameterCount_(program.limits().parameters) {
    const std::size_t count =
        std::min(parameters.size(), static_cast<std::size_t>(parameterCount_));
    for (std::size_t i = 0; i < count; ++i)
        registers_[kParameterBase + i] = componentwise(parameters[i], flushDenormal);
    resetTemporariesAndResults();
}

void VertexMachine::resetTemporariesAndResults() {
    std::fill_n(registers_.begin() + kTemporaryBase, kMaxTemporaries, Vector4{0, 0, 0, 0});
    std::fill_n(registers_.begin() + kResultBase, kResultCount, kInitialResult);
}

void VertexMachine::loadAttributes(const AttributeRegisters& attributes) {
    for (std::size_t i = 0; i < attributes.size(); ++i)
        registers_[kAttributeBase + i] = componentwise(attributes[i], flushDenormal);
}

ExecutionResult VertexMachine::run(const AttributeRegisters& attributes, std::uint64_t budget) {
    if (native_) {
        // The compiled loop over one vertex, whose results are the machine's own.
        auto* results = reinterpret_cast<ResultRegisters*>(registers_.data() + kResultBase);
        return finishCompiledRun(native_->run({&attributes, 1}, results, registers_.data(),
                                              address_, condition_, budget),
                                 attributes, budget);
    }
    address_ = {};
    condition_.fill(Condition::EQ);
    loadAttributes(attributes);
    resetTemporariesAndResults();
    if (positionInvariant_)
        registers_[kResultBase] = registers_[kAttributeBase];
    return interpret(entryPoint_, 0, budget, {}, 0);
}

// Compiled code reads (and flushes) the attributes it uses itself, starts the registers it writes
// at their initial values and stores them back; the others keep theirs. A block the budget cuts
// goes on here, in the interpreter.
ExecutionResult VertexMachine::finishCompiledRun(const CompiledRunOutcome& outcome,
                                                 const AttributeRegisters& attributes,
                                                 std::uint64_t budget) {
    if (!outcome.resume)
        return outcome.result;
    loadAttributes(attributes);
    return interpret(outcome.resumeAt, outcome.result.executed, budget, outcome.callStack,
                     outcome.depth);
}

VertexMachine::BatchStatuses VertexMachine::runBatch(std::span<const AttributeRegisters> attributes,
                                                     std::span<ResultRegisters> results,
                                                     std::uint64_t budget) {
    if (results.size() < attributes.size())
        throw std::invalid_argument("VertexMachine::runBatch: fewer results than vertices");
    BatchStatuses statuses;
    // Vertex `vertex`, whose run ended with `result` in the machine's registers.
    const auto finished = [&](std::size_t vertex, ExecutionResult result) {
        statuses.budget += result.status == ExecutionStatus::Budget;
        statuses.overflow += result.status == ExecutionStatus::Overflow;
        for (int r = 0; r < kResultCount; ++r)
            if (written_[static_cast<std::size_t>(kResultBase + r)])
                results[vertex][static_cast<std::size_t>(r)] = registers_[kResultBase + r];
    };
    for (std::size_t first = 0; first < attributes.size();) {
        if (!native_) {
            finished(first, run(attributes[first], budget));
            ++first;
            continue;
        }
        // Compiled, the loop stores the results itself, and stops early only at a vertex that
        // overflows or that the budget cuts.
        const CompiledRunOutcome outcome =
            native_->run(attributes.subspan(first), &results[first], registers_.data(), address_,
                         condition_, budget);
        const std::size_t vertex = first + outcome.vertex;
        if (outcome.resume || outcome.result.status != ExecutionStatus::Ok)
            finished(vertex, finishCompiledRun(outcome, attributes[vertex], budget));
        first = vertex + 1;
    }
    return statuses;
}

ResultRegisters VertexMachine::initialResults() {
    ResultRegisters results;
    results.fill(kInitialResult);
    return results;
}

ExecutionResult VertexMachine::interpret(std::size_t ip, std::uint64_t executed,
                                         std::uint64_t budget,
                                         std::array<std::size_t, kCallStackDepth> callStack,
                                         int depth) {
    const std::size_t length = steps_.size();
    while (ip < length) {
        if (executed == budget)
            return {ExecutionStatus::Budget, executed};
        ++executed;
        const Step& s = steps_[ip++];
        switch (s.opcode) {
        case Opcode::BRA:
            if (conditionHolds(s))
                ip = static_cast<std::size_t>(s.target);
            break;
        case Opcode::CAL:
            if (conditionHolds(s)) {
                if (depth == kCallStackDepth)
                    return {ExecutionStatus::Overflow, executed};
                callStack[static_cast<std::size_t>(depth++)] = ip;
                ip = static_cast<std::size_t>(s.target);
            }
            break;
        case Opcode::RET:
            if (conditionHolds(s)) {
                if (depth == 0)
                    return {ExecutionStatus::Ok, executed};
                ip = callStack[static_cast<std::size_t>(--depth)];
            }
            break;
        case Opcode::ARL:
        case Opcode::ARR:
        case Opcode::ARA:
            writeAddress(s, evaluateAddress(s));
            break;
            LRT_VP2_OPCODES(LRT_VP2_VALUE_CASE)
            write(s, evaluate(s));
            break;
        }
    }
    return {ExecutionStatus::Ok, executed};
}

Vector4 VertexMachine::load(const Operand& o) const {
    std::size_t slot = o.index;
    if (o.relative) {
        // Out of the environment's range reads (0,0,0,0) (docs/vp2.md).
        const int index = address_[o.addressRegister][o.addressComponent] + o.offset;
        slot = index >= 0 && index < parameterCount_
                   ? static_cast<std::size_t>(kParameterBase + index)
                   : static_cast<std::size_t>(kZero);
    }
    const Vector4& r = registers_[slot];
    if (o.plain)
        return r;
    Vector4 v;
    for (std::size_t i = 0; i < 4; ++i)
        v[i] = std::bit_cast<float>((std::bit_cast<std::uint32_t>(r[o.swizzle[i]]) & o.andMask) ^
                                    o.xorMask);
    return v;
}

bool VertexMachine::enabled(const Step& s, int component) const {
    return ((s.writeMask >> component) & 1) &&
           passes(s.conditionRule, condition_[s.conditionSwizzle[component]]);
}

// BRA, CAL and RET: taken when any swizzled condition component passes.
bool VertexMachine::conditionHolds(const Step& s) const {
    for (int i = 0; i < 4; ++i)
        if (passes(s.conditionRule, condition_[s.conditionSwizzle[i]]))
            return true;
    return false;
}

void VertexMachine::write(const Step& s, const Vector4& value) {
    Vector4& destination = registers_[s.destination];
    if (s.plainWrite) {
        for (std::size_t i = 0; i < 4; ++i)
            if ((s.writeMask >> i) & 1)
                destination[i] = flushDenormal(value[i]);
        return;
    }
    std::array<Condition, 4> updated = condition_;
    for (int i = 0; i < 4; ++i) {
        if (!enabled(s, i))
            continue;
        const float v = flushDenormal(value[static_cast<std::size_t>(i)]);
        destination[static_cast<std::size_t>(i)] = v;
        if (s.updatesCondition)
            updated[static_cast<std::size_t>(i)] = conditionOf(v);
    }
    condition_ = updated;
}

void VertexMachine::writeAddress(const Step& s, const std::array<int, 4>& value) {
    auto& destination = address_[s.destination];
    std::array<Condition, 4> updated = condition_;
    for (int i = 0; i < 4; ++i) {
        if (!enabled(s, i))
            continue;
        const int v = value[static_cast<std::size_t>(i)];
        destination[static_cast<std::size_t>(i)] = v;
        if (s.updatesCondition)
            updated[static_cast<std::size_t>(i)] = conditionOf(static_cast<float>(v));
    }
    condition_ = updated;
}

std::array<int, 4> VertexMachine::evaluateAddress(const Step& s) const {
    if (s.opcode == Opcode::ARA) {
        const auto& a = address_[s.sources[0].index];
        const int xz = std::clamp(a[0] + a[2], kAddressMin, kAddressMax);
        const int yw = std::clamp(a[1] + a[3], kAddressMin, kAddressMax);
        return {xz, yw, xz, yw};
    }
    const Vector4 v = load(s.sources[0]);
    const bool round = s.opcode == Opcode::ARR; // round half to even, the default FP mode
    std::array<int, 4> out{};
    for (std::size_t i = 0; i < 4; ++i)
        out[i] = toAddress(round ? std::nearbyint(v[i]) : std::floor(v[i]));
    return out;
}

// A case per opcode, each a line or a few of the spec's pseudo-code: one switch reads as the
// spec's table does, and compiles to a jump table.
Vector4 VertexMachine::evaluate(const Step& in) const {
    std::array<Vector4, 3> op; // only the first sourceCount are read
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
    case Opcode::EXP:
        return exponentParts(s);
    case Opcode::LOG:
        return logarithmParts(s);
    case Opcode::LIT:
        return lighting(a);
        LRT_VP2_OPCODES(LRT_VP2_CONTROL_CASE)
        break; // the caller runs them itself
    }
    return a;
}

Vector4 exponentParts(float s) {
    const float whole = std::floor(s);
    return {std::exp2(whole), s - whole, std::exp2(s), 1.0f};
}

Vector4 logarithmParts(float s) {
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

Vector4 lighting(const Vector4& a) {
    constexpr float limit = 128.0f - 128.0f * FLT_EPSILON / 2; // largest float below 128
    const float diffuse = a[0] < 0 ? 0.0f : a[0];
    const float specular = a[1] < 0 ? 0.0f : a[1];
    const float power = a[3] < -limit ? -limit : a[3] > limit ? limit : a[3];
    return {1.0f, diffuse, diffuse > 0 ? roughPower(specular, power) : 0.0f, 1.0f};
}

} // namespace slvm::vp2
