// The IR verifier: one walk over the block tree, with the values visible at each point.
#include "compiler/ir/verify.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <stdexcept>

namespace compiler::ir {

namespace {

class Verifier {
public:
    explicit Verifier(const Function& function)
        : function_(function), visible_(function.values.size(), false),
          listed_(function.values.size(), false), reached_(function.blocks.size(), false) {}

    std::vector<std::string> run() {
        if (function_.blocks.empty())
            return {"the function has no body (block 0)"};
        walk(0);
        return std::move(problems_);
    }

private:
    // Walks block `block`; returns the values defined at its top level, which an If's Phis see.
    std::vector<ValueId> walk(BlockId block) {
        reached_[static_cast<std::size_t>(block)] = true;
        std::vector<ValueId> defined;
        for (const ValueId id : function_.blocks[static_cast<std::size_t>(block)].instructions) {
            if (id < 0 || id >= static_cast<ValueId>(function_.values.size())) {
                report(fmt::format("block {} lists %{}, which is not a value", block, id));
                continue;
            }
            if (listed_[static_cast<std::size_t>(id)]) {
                report(fmt::format("%{} is listed twice", id));
                continue;
            }
            listed_[static_cast<std::size_t>(id)] = true;
            check(id, block);
            visible_[static_cast<std::size_t>(id)] = true;
            defined.push_back(id);
        }
        return defined;
    }

    void check(ValueId id, BlockId block) {
        const Instruction& in = function_[id];
        const int arity = opArity(in.op);
        const std::size_t count = in.operands.size();
        if ((arity >= 0 && count != static_cast<std::size_t>(arity)) || (arity < 0 && count == 0))
            return problem(id, fmt::format("has {} operands, {} takes {}", count, opName(in.op),
                                           arity < 0 ? "one or more" : std::to_string(arity)));
        for (const ValueId operand : in.operands)
            if (operand < 0 || operand >= static_cast<ValueId>(function_.values.size()))
                return problem(id, fmt::format("operand %{} is not a value", operand));
        if (hasTrait(in.op, kDefinesNothing) != in.type.isVoid() || in.type.width < 0 ||
            in.type.width > 4)
            return problem(id, fmt::format("has type {}", typeName(in.type)));
        if (in.op == Op::Phi)
            return checkPhi(id, block);
        for (const ValueId operand : in.operands)
            if (!visible_[static_cast<std::size_t>(operand)])
                problem(id, fmt::format("uses %{} where it is not defined", operand));
        checkTypes(id);
        if (in.op == Op::If)
            checkIf(id);
    }

    Type typeOf(ValueId id) const { return function_[id].type; }

    void checkTypes(ValueId id) {
        const Instruction& in = function_[id];
        const auto width = [&](std::size_t i) { return typeOf(in.operands[i]).width; };
        const auto scalar = [&](std::size_t i) { return typeOf(in.operands[i]).scalar; };
        const auto fits = [&](int a, int b) { return a == b || a == 1 || b == 1; };
        const bool logic = hasTrait(in.op, kLogic);
        if (hasTrait(in.op, kArithmetic) || isComparison(in.op) || logic) {
            const Scalar operands = logic ? Scalar::Bool : Scalar::Float;
            const Scalar result = isComparison(in.op) || logic ? Scalar::Bool : Scalar::Float;
            int widest = 0;
            for (std::size_t i = 0; i < in.operands.size(); ++i) {
                if (scalar(i) != operands)
                    problem(id, fmt::format("{} takes {}s, operand {} is {}", opName(in.op),
                                            operands == Scalar::Bool ? "bool" : "float", i,
                                            typeName(typeOf(in.operands[i]))));
                widest = std::max(widest, width(i));
            }
            if (in.operands.size() == 2 && !fits(width(0), width(1)))
                problem(id, fmt::format("{} takes widths {} and {}", opName(in.op), width(0),
                                        width(1)));
            if (in.type != Type{result, widest})
                problem(id, fmt::format("{} of width {} gives {}, not {}", opName(in.op), widest,
                                        typeName({result, widest}), typeName(in.type)));
            return;
        }
        switch (in.op) {
        case Op::Dot:
            if (!fits(width(0), width(1)) || in.type != floatType(1))
                problem(id, "dot takes two floats of one width and gives a float");
            break;
        case Op::Cross:
            if (width(0) != 3 || width(1) != 3 || in.type != floatType(3))
                problem(id, "cross takes two float3 and gives a float3");
            break;
        case Op::Select: // a float condition holds where it is not 0 (T-Language's flags)
            if (!fits(width(1), width(2)) || (width(0) != 1 && width(0) != in.type.width) ||
                in.type.width != std::max(width(1), width(2)))
                problem(id, fmt::format("select of a {} between {} and {} cannot give {}",
                                        typeName(typeOf(in.operands[0])),
                                        typeName(typeOf(in.operands[1])),
                                        typeName(typeOf(in.operands[2])), typeName(in.type)));
            break;
        case Op::BoolToFloat:
            if (scalar(0) != Scalar::Bool || in.type != floatType(width(0)))
                problem(id, "booltofloat takes bools and gives floats of their width");
            break;
        case Op::Swizzle:
            for (int c = 0; c < in.type.width; ++c)
                if (in.swizzle[static_cast<std::size_t>(c)] >= width(0))
                    problem(id, fmt::format("swizzle reads component {} of a {}",
                                            in.swizzle[static_cast<std::size_t>(c)],
                                            typeName(typeOf(in.operands[0]))));
            if (in.type.scalar != scalar(0))
                problem(id, "a swizzle keeps its operand's scalar type");
            break;
        case Op::Construct: {
            int total = 0;
            for (std::size_t i = 0; i < in.operands.size(); ++i)
                total += width(i);
            if (total != in.type.width)
                problem(id, fmt::format("construct of {} components gives {}", total,
                                        typeName(in.type)));
            break;
        }
        case Op::Input:
        case Op::Output:
        case Op::Indexed:
            if (in.binding.empty())
                problem(id, fmt::format("{} names no register", opName(in.op)));
            break;
        case Op::Trace:
            if (width(0) != 3 || width(1) != 3 || in.type != floatType(3))
                problem(id, "trace takes two float3 and gives a float3");
            break;
        case Op::Texture:
            if (in.type != floatType(3))
                problem(id, "texture gives a float3");
            break;
        case Op::Random:
        case Op::Turbulence:
            if (in.type != floatType(1))
                problem(id, fmt::format("{} gives a float", opName(in.op)));
            break;
        default:
            break;
        }
    }

    void checkIf(ValueId id) {
        const Instruction& in = function_[id];
        if (typeOf(in.operands[0]) != boolType(1))
            problem(id, fmt::format("if tests a {}, not a bool", typeName(typeOf(in.operands[0]))));
        const auto valid = [&](BlockId b) {
            return b > 0 && b < static_cast<BlockId>(function_.blocks.size()) &&
                   !reached_[static_cast<std::size_t>(b)];
        };
        if (!valid(in.thenBlock) || !valid(in.elseBlock) || in.thenBlock == in.elseBlock)
            return problem(id, fmt::format("if's blocks {} and {} are not two fresh blocks",
                                           in.thenBlock, in.elseBlock));
        // A block's values are seen after the If only through its Phis.
        Sides& sides = sides_[id];
        for (const auto& [block, seen] :
             {std::pair{in.thenBlock, &sides.then}, std::pair{in.elseBlock, &sides.otherwise}}) {
            *seen = walk(block);
            for (const ValueId defined : *seen)
                visible_[static_cast<std::size_t>(defined)] = false;
        }
    }

    void checkPhi(ValueId id, BlockId block) {
        const Instruction& in = function_[id];
        const auto sides = sides_.find(in.region);
        const auto& list = function_.blocks[static_cast<std::size_t>(block)].instructions;
        if (sides == sides_.end() || std::ranges::find(list, in.region) == list.end())
            return problem(
                id, fmt::format("phi's region %{} is not an If before it in its block", in.region));
        const std::vector<ValueId>* ends[] = {&sides->second.then, &sides->second.otherwise};
        for (std::size_t i = 0; i < 2; ++i) {
            const ValueId operand = in.operands[i];
            if (!visible_[static_cast<std::size_t>(operand)] &&
                std::ranges::find(*ends[i], operand) == ends[i]->end())
                problem(id, fmt::format("phi's operand %{} is not seen at the end of the {} block",
                                        operand, i == 0 ? "then" : "else"));
            if (typeOf(operand) != in.type)
                problem(id, fmt::format("phi of type {} has an operand of type {}",
                                        typeName(in.type), typeName(typeOf(operand))));
        }
    }

    void problem(ValueId id, const std::string& what) {
        report(fmt::format("%{}: {} {}", id, opName(function_[id].op), what));
    }
    void report(std::string what) { problems_.push_back(std::move(what)); }

    struct Sides {
        std::vector<ValueId> then, otherwise;
    };

    const Function& function_;
    std::vector<bool> visible_, listed_, reached_;
    std::map<ValueId, Sides> sides_;
    std::vector<std::string> problems_;
};

} // namespace

std::vector<std::string> verifyFunction(const Function& function) {
    return Verifier(function).run();
}

void verify(const Function& function, std::string_view stage) {
    const std::vector<std::string> problems = verifyFunction(function);
    if (problems.empty())
        return;
    throw std::logic_error(fmt::format("internal compiler error: the IR after {} is malformed:\n"
                                       "  {}\n{}",
                                       stage, fmt::join(problems, "\n  "), print(function)));
}

} // namespace compiler::ir
