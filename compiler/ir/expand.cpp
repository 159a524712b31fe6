// Target legalisation: each rewrite builds the missing operation from simpler ones, and the result
// is legalised again, so a rewrite may lean on another (cos -> sin -> floor -> frac on VP1.1).
#include "compiler/ir/expand.h"

#include <cctype>
#include <fmt/format.h>
#include <limits>
#include <numbers>

namespace compiler::ir {

namespace {

constexpr float kTwoPi = 2.0f * std::numbers::pi_v<float>;

// The operation as shader authors call it: log2, not Log2.
std::string libraryName(Op op) {
    std::string name(opName(op));
    name[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
    return name + "()";
}

struct Expander {
    Function& function;
    const OpSupport& support;
    std::vector<slvm::Diagnostic> errors;
    std::set<Op> reported; // one error per missing operation is enough

    bool has(Op op) const { return support.native.count(op) > 0; }

    // sin(x) on [-pi, pi) after reducing x by whole turns, as its Taylor polynomial to x^15:
    // the error is below 1e-6, under a float's rounding of values near 1.
    ValueId sine(Builder& b, ValueId x) {
        const ValueId turns = b.binary(Op::Mul, x, b.constant(1.0f / kTwoPi));
        const ValueId nearest = b.unary(Op::Floor, b.binary(Op::Add, turns, b.constant(0.5f)));
        const ValueId y = b.binary(Op::Mul, b.binary(Op::Sub, turns, nearest), b.constant(kTwoPi));
        const ValueId y2 = b.binary(Op::Mul, y, y);
        // Horner in y^2 from the x^15 term down: sum (-1)^k y^(2k+1) / (2k+1)!
        double factorial = 1.0;
        std::vector<float> coefficients;
        for (int k = 0; k <= 7; ++k) {
            if (k > 0)
                factorial *= (2.0 * k) * (2.0 * k + 1.0);
            coefficients.push_back(static_cast<float>((k % 2 ? -1.0 : 1.0) / factorial));
        }
        ValueId sum = b.constant(coefficients.back());
        for (int k = 6; k >= 0; --k)
            sum = b.binary(Op::Add, b.binary(Op::Mul, sum, y2),
                           b.constant(coefficients[static_cast<std::size_t>(k)]));
        return b.binary(Op::Mul, sum, y);
    }

    // The rewrite of `instruction` with b, or kNoValue when there is none on this target.
    ValueId rewrite(Builder& b, const Instruction& instruction) {
        const auto& operands = instruction.operands;
        const ValueId x = operands.empty() ? kNoValue : operands[0];
        switch (instruction.op) {
        case Op::Sin:
            return sine(b, x);
        case Op::Cos:
            return has(Op::Sin) ? b.unary(Op::Sin, b.binary(Op::Add, x, b.constant(kTwoPi / 4)))
                                : sine(b, b.binary(Op::Add, x, b.constant(kTwoPi / 4)));
        case Op::Exp:
            if (has(Op::Exp2))
                return b.unary(Op::Exp2,
                               b.binary(Op::Mul, x, b.constant(std::numbers::log2e_v<float>)));
            break;
        case Op::Exp2:
            if (has(Op::Exp))
                return b.unary(Op::Exp,
                               b.binary(Op::Mul, x, b.constant(std::numbers::ln2_v<float>)));
            break;
        case Op::Log:
            if (has(Op::Log2))
                return b.binary(Op::Mul, b.unary(Op::Log2, x),
                                b.constant(std::numbers::ln2_v<float>));
            break;
        case Op::Log2:
            if (has(Op::Log))
                return b.binary(Op::Mul, b.unary(Op::Log, x),
                                b.constant(std::numbers::log2e_v<float>));
            break;
        case Op::Pow:
            if (has(Op::Exp2) && has(Op::Log2))
                return b.unary(Op::Exp2, b.binary(Op::Mul, operands[1], b.unary(Op::Log2, x)));
            break;
        case Op::Sqrt:
            if (has(Op::Pow))
                return b.binary(Op::Pow, x, b.constant(0.5f));
            // 1 / rsqrt keeps sqrt(0) = 0, where x * rsqrt(x) would give 0 * inf.
            return b.unary(Op::Rcp, b.unary(Op::Rsqrt, x));
        case Op::Rsqrt:
            if (has(Op::Pow))
                return b.binary(Op::Pow, x, b.constant(-0.5f));
            return b.binary(Op::Div, b.constant(1.0f), b.unary(Op::Sqrt, x));
        case Op::Rcp:
            return b.binary(Op::Div, b.constant(1.0f), x);
        case Op::Div:
            if (has(Op::Rcp)) {
                // Componentwise reciprocal: VP's RCP is scalar, the back end splits it per
                // component.
                return b.binary(Op::Mul, operands[0], b.unary(Op::Rcp, operands[1]));
            }
            break;
        case Op::Frac:
            if (has(Op::Floor))
                return b.binary(Op::Sub, x, b.unary(Op::Floor, x));
            break;
        case Op::Floor:
            if (has(Op::Frac))
                return b.binary(Op::Sub, x, b.unary(Op::Frac, x));
            break;
        case Op::Ceil:
            return b.unary(Op::Neg, b.unary(Op::Floor, b.unary(Op::Neg, x)));
        case Op::Abs:
            return b.binary(Op::Max, x, b.unary(Op::Neg, x));
        case Op::Sign:
            return b.binary(Op::Sub,
                            b.unary(Op::BoolToFloat, b.binary(Op::Gt, x, b.constant(0.0f))),
                            b.unary(Op::BoolToFloat, b.binary(Op::Lt, x, b.constant(0.0f))));
        case Op::Normalize: {
            // normalize(0) is 0, as SL's norm and the folder make it (docs/decisions.md): the
            // squared length is kept at least FLT_MIN, where 1/sqrt is finite and 0 times it 0,
            // which changes nothing for any vector whose squared length is a normal float.
            const ValueId squared = b.binary(Op::Max, b.binary(Op::Dot, x, x),
                                             b.constant(std::numeric_limits<float>::min()));
            if (has(Op::Rsqrt))
                return b.binary(Op::Mul, x, b.unary(Op::Rsqrt, squared));
            return b.binary(Op::Div, x, b.unary(Op::Sqrt, squared));
        }
        case Op::Dot: {
            ValueId sum = kNoValue;
            for (int c = 0; c < b.typeOf(x).width; ++c) {
                const ValueId term =
                    b.binary(Op::Mul, b.swizzle(x, {c}), b.swizzle(operands[1], {c}));
                sum = sum == kNoValue ? term : b.binary(Op::Add, sum, term);
            }
            return sum;
        }
        default:
            break;
        }
        return kNoValue;
    }

    bool native(const Instruction& instruction) const {
        return has(instruction.op) ||
               (support.nativeFor != nullptr && !instruction.operands.empty() &&
                support.nativeFor(instruction, function[instruction.operands[0]].type));
    }

    // Appends id, or its rewrite (legalised in turn), to `out`; records what replaced what.
    void legalize(ValueId id, std::vector<ValueId>& out, std::vector<ValueId>& replacement) {
        Instruction& instruction = function[id];
        for (ValueId& operand : instruction.operands)
            if (replacement[static_cast<std::size_t>(operand)] != kNoValue)
                operand = replacement[static_cast<std::size_t>(operand)];
        if (instruction.op == Op::If) {
            for (const BlockId side : {instruction.thenBlock, instruction.elseBlock})
                run(side, replacement);
            out.push_back(id);
            return;
        }
        if (native(instruction) || !hasTrait(instruction.op, kPure) ||
            instruction.op == Op::Constant || instruction.op == Op::Input ||
            instruction.op == Op::Indexed || instruction.op == Op::Swizzle ||
            instruction.op == Op::Construct) {
            out.push_back(id);
            return;
        }
        Builder b(function);
        b.setBlock(b.newBlock());
        b.setLocation(instruction.where);
        const Instruction copy = instruction;
        const ValueId result = rewrite(b, copy);
        if (result == kNoValue) {
            if (reported.insert(copy.op).second)
                errors.emplace_back(slvm::Severity::Error, copy.where,
                                    fmt::format("{} is not available in profile {}: {}",
                                                libraryName(copy.op), support.targetName,
                                                support.whyMissing
                                                    ? support.whyMissing(copy.op)
                                                    : "the target has no such operation"));
            out.push_back(id);
            return;
        }
        const BlockId scratch = b.currentBlock();
        replacement.resize(function.values.size(), kNoValue);
        const std::vector<ValueId> built =
            function.blocks[static_cast<std::size_t>(scratch)].instructions;
        function.blocks[static_cast<std::size_t>(scratch)].instructions.clear();
        for (const ValueId inner : built)
            legalize(inner, out, replacement);
        ValueId resolved = result;
        while (replacement[static_cast<std::size_t>(resolved)] != kNoValue)
            resolved = replacement[static_cast<std::size_t>(resolved)];
        replacement[static_cast<std::size_t>(id)] = resolved;
    }

    void run(BlockId block, std::vector<ValueId>& replacement) {
        const std::vector<ValueId> instructions =
            function.blocks[static_cast<std::size_t>(block)].instructions;
        std::vector<ValueId> out;
        for (const ValueId id : instructions)
            legalize(id, out, replacement);
        function.blocks[static_cast<std::size_t>(block)].instructions = std::move(out);
    }
};

} // namespace

std::vector<slvm::Diagnostic> expandForTarget(Function& function, const OpSupport& support) {
    Expander expander{function, support, {}, {}};
    std::vector<ValueId> replacement(function.values.size(), kNoValue);
    expander.run(0, replacement);
    return std::move(expander.errors);
}

} // namespace compiler::ir
