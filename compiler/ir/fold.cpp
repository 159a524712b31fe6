// The IR's operations evaluated on constants; docs/compiler-ir.md gives each one's meaning.
#include "compiler/ir/fold.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace compiler::ir {

namespace {

// Component c of a value of `width` components: a one-component value applies to every one.
float component(const Components& value, int width, int c) {
    return value[static_cast<std::size_t>(width == 1 ? 0 : c)];
}

float unaryOp(Op op, float x) {
    switch (op) {
    case Op::Neg:
        return -x;
    case Op::Abs:
        return std::fabs(x);
    case Op::Sign:
        return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f;
    case Op::Floor:
        return std::floor(x);
    case Op::Ceil:
        return std::ceil(x);
    case Op::Frac:
        return x - std::floor(x);
    case Op::Sqrt:
        return std::sqrt(x);
    case Op::Rsqrt:
        return 1.0f / std::sqrt(x);
    case Op::Rcp:
        return 1.0f / x;
    case Op::Exp:
        return std::exp(x);
    case Op::Exp2:
        return std::exp2(x);
    case Op::Log:
        return std::log(x);
    case Op::Log2:
        return std::log2(x);
    case Op::Sin:
        return std::sin(x);
    case Op::Cos:
        return std::cos(x);
    case Op::Not:
        return x != 0.0f ? 0.0f : 1.0f;
    case Op::BoolToFloat:
        return x != 0.0f ? 1.0f : 0.0f;
    default:
        return NAN;
    }
}

float binaryOp(Op op, float a, float b) {
    switch (op) {
    case Op::Add:
        return a + b;
    case Op::Sub:
        return a - b;
    case Op::Mul:
        return a * b;
    case Op::Div:
        return a / b;
    case Op::Min:
        return b < a ? b : a;
    case Op::Max:
        return b > a ? b : a;
    case Op::Pow:
        return std::pow(a, b);
    case Op::Lt:
        return a < b ? 1.0f : 0.0f;
    case Op::Le:
        return a <= b ? 1.0f : 0.0f;
    case Op::Gt:
        return a > b ? 1.0f : 0.0f;
    case Op::Ge:
        return a >= b ? 1.0f : 0.0f;
    case Op::Eq:
        return a == b ? 1.0f : 0.0f;
    case Op::Ne:
        return a != b ? 1.0f : 0.0f;
    case Op::And:
        return (a != 0.0f && b != 0.0f) ? 1.0f : 0.0f;
    case Op::Or:
        return (a != 0.0f || b != 0.0f) ? 1.0f : 0.0f;
    default:
        return NAN;
    }
}

} // namespace

std::optional<Components> evaluate(const Instruction& instruction,
                                   const std::vector<Components>& operands,
                                   const std::vector<Type>& operandTypes) {
    const int width = instruction.type.width;
    Components result{};
    const auto width0 = operandTypes.empty() ? 0 : operandTypes[0].width;
    switch (instruction.op) {
    case Op::Constant:
        return instruction.constant;
    case Op::Swizzle:
        for (int c = 0; c < width; ++c)
            result[static_cast<std::size_t>(c)] =
                operands[0][instruction.swizzle[static_cast<std::size_t>(c)]];
        return result;
    case Op::Construct: {
        std::size_t next = 0;
        for (std::size_t i = 0; i < operands.size(); ++i)
            for (int c = 0; c < operandTypes[i].width && next < 4; ++c)
                result[next++] = operands[i][static_cast<std::size_t>(c)];
        return result;
    }
    case Op::Dot: {
        float sum = 0.0f;
        for (int c = 0; c < width0; ++c)
            sum +=
                operands[0][static_cast<std::size_t>(c)] * operands[1][static_cast<std::size_t>(c)];
        result[0] = sum;
        return result;
    }
    case Op::Cross: {
        const Components& a = operands[0];
        const Components& b = operands[1];
        result = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0],
                  0};
        return result;
    }
    case Op::Normalize: {
        float sum = 0.0f;
        for (int c = 0; c < width; ++c)
            sum +=
                operands[0][static_cast<std::size_t>(c)] * operands[0][static_cast<std::size_t>(c)];
        const float length = std::sqrt(sum);
        for (int c = 0; c < width; ++c)
            result[static_cast<std::size_t>(c)] =
                length > 0.0f ? operands[0][static_cast<std::size_t>(c)] / length : 0.0f;
        return result;
    }
    case Op::Select:
        for (int c = 0; c < width; ++c)
            result[static_cast<std::size_t>(c)] =
                component(operands[0], operandTypes[0].width, c) != 0.0f
                    ? component(operands[1], operandTypes[1].width, c)
                    : component(operands[2], operandTypes[2].width, c);
        return result;
    default:
        break;
    }
    if (!hasTrait(instruction.op, kFolds))
        return std::nullopt;
    if (operands.size() == 1) {
        for (int c = 0; c < width; ++c)
            result[static_cast<std::size_t>(c)] =
                unaryOp(instruction.op, component(operands[0], width0, c));
        return result;
    }
    if (operands.size() == 2) {
        for (int c = 0; c < width; ++c)
            result[static_cast<std::size_t>(c)] =
                binaryOp(instruction.op, component(operands[0], width0, c),
                         component(operands[1], operandTypes[1].width, c));
        return result;
    }
    return std::nullopt;
}

std::optional<Components> foldConstants(const Function& function, const Instruction& instruction) {
    if (!hasTrait(instruction.op, kPure) || instruction.op == Op::Constant ||
        instruction.operands.empty())
        return std::nullopt;
    std::vector<Components> values;
    std::vector<Type> types;
    for (const ValueId operand : instruction.operands) {
        if (function[operand].op != Op::Constant)
            return std::nullopt;
        values.push_back(function[operand].constant);
        types.push_back(function[operand].type);
    }
    const std::optional<Components> folded = evaluate(instruction, values, types);
    // A constant is an immediate in the targets' text, whose numbers must be finite, and normal
    // or zero (the numeric contract): a result that is not (a division by zero, an overflow, a
    // denormal) stays an operation, which the VM computes to the same value.
    if (folded &&
        !std::all_of(folded->begin(), folded->begin() + instruction.type.width, [](float v) {
            return v == 0 || (std::isfinite(v) && std::fabs(v) >= FLT_MIN);
        }))
        return std::nullopt;
    return folded;
}

} // namespace compiler::ir
