// The IR's op tables, its builder and its printer.
#include "compiler/ir/ir.h"

#include "compiler/ir/fold.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace compiler::ir {

namespace {

struct OpInfo {
    std::string_view name;
    int arity;
    unsigned traits;
};

#define LRT_IR_INFO(name, arity, traits) {#name, arity, traits},
constexpr OpInfo kOps[] = {LRT_IR_OPS(LRT_IR_INFO)};
#undef LRT_IR_INFO

const OpInfo& info(Op op) {
    return kOps[static_cast<std::size_t>(op)];
}

} // namespace

std::string typeName(Type type) {
    if (type.isVoid())
        return "void";
    const char* base = type.scalar == Scalar::Bool ? "bool" : "float";
    return type.width == 1 ? base : fmt::format("{}{}", base, type.width);
}

std::string_view opName(Op op) {
    return info(op).name;
}
int opArity(Op op) {
    return info(op).arity;
}

bool hasTrait(Op op, OpTrait trait) {
    return (info(op).traits & trait) != 0;
}
bool isComparison(Op op) {
    return hasTrait(op, kComparison);
}

Type broadcastType(Type a, Type b, Scalar scalar) {
    return {scalar, std::max(a.width, b.width)};
}

BlockId Builder::newBlock() {
    function_.blocks.emplace_back();
    return static_cast<BlockId>(function_.blocks.size() - 1);
}

ValueId Builder::add(Instruction instruction) {
    if (instruction.where.line == 0)
        instruction.where = where_;
    if (const auto value = foldConstants(function_, instruction)) {
        instruction.op = Op::Constant;
        instruction.constant = *value;
        for (int c = instruction.type.width; c < 4; ++c)
            instruction.constant[static_cast<std::size_t>(c)] = 0.0f;
        instruction.operands.clear();
    }
    const auto id = static_cast<ValueId>(function_.values.size());
    function_.values.push_back(std::move(instruction));
    function_.blocks[static_cast<std::size_t>(block_)].instructions.push_back(id);
    return id;
}

ValueId Builder::constant(std::array<float, 4> value, int width) {
    Instruction instruction{.op = Op::Constant, .type = floatType(width)};
    instruction.constant = value;
    for (int c = width; c < 4; ++c)
        instruction.constant[static_cast<std::size_t>(c)] =
            0.0f; // so equal constants compare equal
    return add(std::move(instruction));
}

ValueId Builder::input(const std::string& binding, Type type) {
    return add({.op = Op::Input, .type = type, .binding = binding});
}

ValueId Builder::unary(Op op, ValueId a) {
    Type type = typeOf(a);
    if (op == Op::Not)
        type.scalar = Scalar::Bool;
    if (op == Op::BoolToFloat)
        type.scalar = Scalar::Float;
    if (op == Op::Normalize)
        type.scalar = Scalar::Float;
    return add({.op = op, .type = type, .operands = {a}});
}

ValueId Builder::binary(Op op, ValueId a, ValueId b) {
    Type type;
    if (op == Op::Dot)
        type = floatType(1);
    else if (op == Op::Cross)
        type = floatType(3);
    else if (isComparison(op) || hasTrait(op, kLogic))
        type = broadcastType(typeOf(a), typeOf(b), Scalar::Bool);
    else
        type = broadcastType(typeOf(a), typeOf(b), Scalar::Float);
    return add({.op = op, .type = type, .operands = {a, b}});
}

ValueId Builder::select(ValueId condition, ValueId a, ValueId b) {
    const Type type = broadcastType(typeOf(a), typeOf(b), typeOf(a).scalar);
    return add({.op = Op::Select, .type = type, .operands = {condition, a, b}});
}

ValueId Builder::swizzle(ValueId a, const std::vector<int>& components) {
    if (components.empty() || components.size() > 4)
        throw std::logic_error("swizzle of 0 or more than 4 components");
    const Type source = typeOf(a);
    // The identity is the value itself: no instruction, so passes see through it for free.
    if (static_cast<int>(components.size()) == source.width) {
        bool identity = true;
        for (std::size_t i = 0; i < components.size(); ++i)
            identity = identity && components[i] == static_cast<int>(i);
        if (identity)
            return a;
    }
    Instruction instruction{.op = Op::Swizzle,
                            .type = {source.scalar, static_cast<int>(components.size())},
                            .operands = {a}};
    for (std::size_t i = 0; i < components.size(); ++i)
        instruction.swizzle[i] = static_cast<std::uint8_t>(components[i]);
    return add(std::move(instruction));
}

ValueId Builder::swizzle(ValueId a, std::initializer_list<int> components) {
    return swizzle(a, std::vector<int>(components));
}

ValueId Builder::construct(const std::vector<ValueId>& parts, Scalar scalar) {
    int width = 0;
    for (const ValueId part : parts)
        width += typeOf(part).width;
    if (parts.size() == 1)
        return parts[0];
    return add({.op = Op::Construct, .type = {scalar, width}, .operands = parts});
}

ValueId Builder::splat(ValueId scalar, int width) {
    if (width == 1)
        return scalar;
    return construct(std::vector<ValueId>(static_cast<std::size_t>(width), scalar),
                     typeOf(scalar).scalar);
}

ValueId Builder::call(Op op, std::vector<ValueId> operands, Type type) {
    return add({.op = op, .type = type, .operands = std::move(operands)});
}

Builder::IfRegion Builder::beginIf(ValueId test) {
    const BlockId thenBlock = newBlock(), elseBlock = newBlock();
    const ValueId region = add({.op = Op::If,
                                .type = kVoid,
                                .operands = {test},
                                .thenBlock = thenBlock,
                                .elseBlock = elseBlock});
    return {region, thenBlock, elseBlock};
}

ValueId Builder::phi(ValueId region, ValueId thenValue, ValueId elseValue) {
    return add({.op = Op::Phi,
                .type = typeOf(thenValue),
                .operands = {thenValue, elseValue},
                .region = region});
}

ValueId Builder::merge(ValueId region, ValueId test, ValueId thenValue, ValueId elseValue) {
    if (thenValue == elseValue)
        return thenValue;
    const auto isFlag = [&](ValueId id, float value) {
        if (id == kNoValue)
            return false;
        const Instruction& in = function_[id];
        return in.op == Op::Constant && in.type == boolType(1) && in.constant[0] == value;
    };
    if (isFlag(thenValue, 1) && isFlag(elseValue, 0))
        return test;
    if (isFlag(thenValue, 0) && isFlag(elseValue, 1))
        return unary(Op::Not, test);
    return phi(region, thenValue, elseValue);
}

void Builder::output(const std::string& binding, ValueId value) {
    add({.op = Op::Output, .type = kVoid, .operands = {value}, .binding = binding});
}

namespace {

void printBlock(const Function& function, BlockId block, int depth, std::string& out) {
    const std::string indent(static_cast<std::size_t>(2 * depth), ' ');
    for (const ValueId id : function.blocks[static_cast<std::size_t>(block)].instructions) {
        const Instruction& instruction = function[id];
        std::string line = indent;
        if (!instruction.type.isVoid())
            line += fmt::format("%{} = ", id);
        line += opName(instruction.op);
        if (!instruction.type.isVoid())
            line += fmt::format(" {}", typeName(instruction.type));
        if (instruction.op == Op::Constant) {
            line += " (";
            for (int c = 0; c < instruction.type.width; ++c)
                line += fmt::format("{}{}", c ? ", " : "",
                                    instruction.constant[static_cast<std::size_t>(c)]);
            line += ")";
        }
        if (instruction.op == Op::Swizzle) {
            line += " .";
            for (int c = 0; c < instruction.type.width; ++c)
                line += "xyzw"[instruction.swizzle[static_cast<std::size_t>(c)]];
        }
        if (!instruction.binding.empty())
            line += " " + instruction.binding;
        if (instruction.op == Op::Texture)
            line += fmt::format(" t{}", instruction.unit);
        for (std::size_t i = 0; i < instruction.operands.size(); ++i)
            line += fmt::format("{}%{}", i ? ", " : " ", instruction.operands[i]);
        if (instruction.where.line > 0)
            line += fmt::format("    # {}:{}:{}", instruction.where.file, instruction.where.line,
                                instruction.where.column);
        out += line + "\n";
        if (instruction.op == Op::If) {
            printBlock(function, instruction.thenBlock, depth + 1, out);
            out += indent + "else\n";
            printBlock(function, instruction.elseBlock, depth + 1, out);
            out += indent + "end\n";
        }
    }
}

} // namespace

std::string print(const Function& function) {
    std::string out;
    printBlock(function, 0, 0, out);
    return out;
}

} // namespace compiler::ir
