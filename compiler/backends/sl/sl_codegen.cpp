// SL instruction selection: IR operations to SL instructions on virtual registers, which
// sl_register_allocator.h then places on SL's registers; operand access is sl_emitter.h's.
//
// What SL lacks is built here: componentwise products with movc/mul/lc, comparisons, min, max
// and selects with blt, branches from Ifs, Phis as copies at the end of each side.
#include "compiler/backends/sl/sl_emitter.h"
#include "compiler/backends/sl/sl_register_allocator.h"
#include "compiler/backends/sl/sl_target.h"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace compiler::backends {

namespace {

using sl_code::kComponents;
using sl_code::Location;
using sl_code::Operand;
using sl_code::RegisterClass;

// How an operation SL computes with one instruction takes its operands. Whole: once, on each
// operand whole (a scalar, or a vector's xyz), the result likewise. The others component by
// component on scalars, except where a form on xyz at once fits the operands' widths: add and sub
// of two vectors (Vectors), div of a vector by a scalar (ByScalar), mul of a vector by a scalar
// either way round (EitherByScalar; mul of two vectors is SL's cross product).
enum class Form : std::uint8_t { Scalars, Vectors, ByScalar, EitherByScalar, Whole };

// The operations SL computes with one instruction of its own: X(IR op, mnemonic, form). Bools
// are 0 or 1: And is their product, BoolToFloat a copy. The code generator's switch has a case
// for each, generated from this list, so an operation is here or in the switch, never both.
// clang-format off
#define LRT_SL_ONE_INSTRUCTION(X)                                                                 \
    X(Add, "add", Vectors) X(Sub, "sub", Vectors) X(Mul, "mul", EitherByScalar)                  \
    X(Div, "div", ByScalar) X(Pow, "pow", Scalars) X(And, "mul", Scalars)                        \
    X(Floor, "floor", Scalars) X(Ceil, "ceil", Scalars) X(Exp, "exp", Scalars)                   \
    X(BoolToFloat, "mov", Scalars) X(Dot, "dp3", Whole) X(Normalize, "norm", Whole)              \
    X(Cross, "mul", Whole) X(Trace, "trace", Whole) X(Random, "rnd", Whole)                      \
    X(Turbulence, "turb", Whole)
// clang-format on

struct OneInstruction {
    ir::Op op;
    const char* mnemonic;
    Form form;
};

#define LRT_SL_ENTRY(op, mnemonic, form) {ir::Op::op, mnemonic, Form::form},
constexpr OneInstruction kOneInstruction[] = {LRT_SL_ONE_INSTRUCTION(LRT_SL_ENTRY)};
#undef LRT_SL_ENTRY

const OneInstruction& oneInstructionOf(ir::Op op) {
    return *std::ranges::find(kOneInstruction, op, &OneInstruction::op);
}

// How SL's one comparison, blt (a < b), tests each: Lt is a < b, Gt is b < a (swapped), Ge is
// not a < b, Le is not b < a.
struct LessThan {
    bool swapped;
    bool lessIsTrue;
};
LessThan lessThanForm(ir::Op op) {
    return {op == ir::Op::Gt || op == ir::Op::Le, op == ir::Op::Lt || op == ir::Op::Gt};
}

class CodeGenerator : sl_code::Emitter {
public:
    CodeGenerator(const ir::Function& function, bool frugal) : Emitter(function, frugal) {}

    Generated run() {
        std::map<ir::ValueId, int> otherUses;
        findFusedComparisons(0, otherUses);
        for (auto it = fused_.begin(); it != fused_.end();)
            it = otherUses.count(*it) ? fused_.erase(it) : std::next(it);
        countReads(0, [&](ir::ValueId id) { return fused_.count(id) > 0; });
        block(0);
        Generated generated;
        if (!errors_.empty()) {
            generated.errors = errors_;
            return generated;
        }
        if (!sl_code::allocateRegisters(code_, classes_, errors_)) {
            generated.errors = errors_;
            generated.outOfRegisters = true;
            return generated;
        }
        generated.text = sl_code::printProgram(code_);
        return generated;
    }

private:
    // How SL computes one scalar component d of an operation from its operands' components a
    // and b (b is empty for a unary operation).
    using Synthesis = void (CodeGenerator::*)(ir::Op op, Operand d, Operand a, Operand b);

    Operand scalarResult(Synthesis synthesis, ir::Op op, Operand a, Operand b) {
        const Operand d = newRegister(RegisterClass::Scalar);
        (this->*synthesis)(op, d, a, b);
        return d;
    }
    // Value id component by component on scalars.
    void perComponent(ir::ValueId id, Synthesis synthesis) {
        const ir::Instruction& in = at(id);
        const auto& ops = in.operands;
        assemble(
            id,
            [&](int c) {
                return ops.size() == 1 ? scalarResult(synthesis, in.op, component(ops[0], c), {})
                                       : scalarResult(synthesis, in.op, component(ops[0], c),
                                                      component(ops[1], c));
            },
            lastReadVector(ops));
    }

    void oneScalarInstruction(ir::Op op, Operand d, Operand a, Operand b) {
        const OneInstruction& selected = oneInstructionOf(op);
        if (ir::opArity(op) == 1)
            emit(selected.mnemonic, {d, a});
        else
            emit(selected.mnemonic, {d, a, b});
    }
    void lessThanValue(ir::Op op, Operand d, Operand a, Operand b) { // Lt, Le, Gt, Ge: 1 or 0
        const LessThan form = lessThanForm(op);
        lessThanSelect(form.swapped ? b : a, form.swapped ? a : b, [&](bool less) {
            emit("li", {d}, {}, less == form.lessIsTrue ? "1" : "0");
        });
    }
    void equality(ir::Op op, Operand d, Operand a, Operand b) { // equal when neither is less
        const int differ = newLabel(), end = newLabel();
        jump("blt", {a, b}, differ);
        jump("blt", {b, a}, differ);
        emit("li", {d}, {}, op == ir::Op::Eq ? "1" : "0");
        jump("jmp", {}, end);
        place(differ);
        emit("li", {d}, {}, op == ir::Op::Eq ? "0" : "1");
        place(end);
    }
    void minimumOrMaximum(ir::Op op, Operand d, Operand a, Operand b) {
        // Min: b < a ? b : a; Max: a < b ? b : a.
        const bool minimum = op == ir::Op::Min;
        lessThanSelect(minimum ? b : a, minimum ? a : b, [&](bool taken) {
            emit("mov", {d, taken ? b : a});
        });
    }
    void logicalOr(ir::Op, Operand d, Operand a, Operand b) { // a + b - a b: bools are 0 or 1
        const Operand t = newRegister(RegisterClass::Scalar);
        emit("mul", {t, a, b});
        emit("add", {d, a, b});
        emit("sub", {d, d, t});
    }
    void negation(ir::Op, Operand d, Operand x, Operand) {
        const Operand minusOne = newRegister(RegisterClass::Scalar);
        emit("li", {minusOne}, {}, "-1");
        emit("mul", {d, x, minusOne});
    }
    void logicalNot(ir::Op, Operand d, Operand x, Operand) {
        const Operand one = newRegister(RegisterClass::Scalar);
        emit("li", {one}, {}, "1");
        emit("sub", {d, one, x});
    }
    void absolute(ir::Op, Operand d, Operand x, Operand) { // x < 0 ? 0 - x : x
        const Operand zero = newRegister(RegisterClass::Scalar);
        emit("li", {zero}, {}, "0");
        lessThanSelect(x, zero, [&](bool negative) {
            if (negative)
                emit("sub", {d, zero, x});
            else
                emit("mov", {d, x});
        });
    }

    // Value id of an operation of kOneInstruction, in the form of its row.
    void oneInstruction(ir::ValueId id) {
        const ir::Instruction& in = at(id);
        const auto& ops = in.operands;
        const int width = in.type.width;
        const OneInstruction& selected = oneInstructionOf(in.op);
        const Form form = selected.form;
        const auto wide = [&](std::size_t i) { return widthOf(ops[i]) == width; };
        const auto single = [&](std::size_t i) { return widthOf(ops[i]) == 1; };
        if (form == Form::Whole) {
            Location location = newLocation(width);
            std::vector<Operand> operands{width == 1 ? location.scalar : location.vector};
            std::optional<Operand> spare;
            if (width > 1)
                spare = location.vector;
            for (const ir::ValueId operand : ops)
                operands.push_back(widthOf(operand) == 1 ? scalar(operand)
                                                         : vector(operand, spare));
            emit(selected.mnemonic, std::move(operands));
            locations_[id] = location;
            return;
        }
        // Frugal, a constant beside a vector this reads for the last time: component by
        // component in that vector's register (12 instructions for a float3 instead of 4), not
        // in a second one.
        const bool constantBesideLastRead =
            frugal_ &&
            (at(ops[0]).op == ir::Op::Constant || at(ops[ops.size() - 1]).op == ir::Op::Constant) &&
            lastReadVector(ops) != ir::kNoValue;
        if (width > 1 && form == Form::Vectors && wide(0) && wide(1) && !constantBesideLastRead) {
            Location location = newLocation(width);
            std::optional<Operand> spare = location.vector;
            const Operand a = vector(ops[0], spare);
            emit(selected.mnemonic, {location.vector, a, vector(ops[1], spare)});
            if (width == 4)
                location.scalar = scalarResult(&CodeGenerator::oneScalarInstruction, in.op,
                                               component(ops[0], 3), component(ops[1], 3));
            locations_[id] = location;
            return;
        }
        const bool byScalar = form == Form::ByScalar || form == Form::EitherByScalar;
        if (width > 1 && byScalar && wide(0) && single(1))
            return vectorByScalar(id, ops[0], ops[1], false);
        if (width > 1 && form == Form::EitherByScalar && single(0) && wide(1))
            return vectorByScalar(id, ops[1], ops[0], true);
        perComponent(id, &CodeGenerator::oneScalarInstruction);
    }
    // `vector` times (or by) `scalar` on xyz, and w (of a float4) on its scalar, in the order
    // of the IR's operands (scalarFirst: the scalar is operand 0).
    void vectorByScalar(ir::ValueId id, ir::ValueId vectorOperand, ir::ValueId scalarOperand,
                        bool scalarFirst) {
        const ir::Op op = at(id).op;
        const int width = at(id).type.width;
        Location location = newLocation(width);
        const Operand k = scalar(scalarOperand);
        std::optional<Operand> spare = location.vector;
        emit(oneInstructionOf(op).mnemonic, {location.vector, vector(vectorOperand, spare), k});
        if (width == 4) {
            const Operand w = component(vectorOperand, 3);
            location.scalar = scalarFirst
                                  ? scalarResult(&CodeGenerator::oneScalarInstruction, op, k, w)
                                  : scalarResult(&CodeGenerator::oneScalarInstruction, op, w, k);
        }
        locations_[id] = location;
    }

    // One case per IR operation, a switch the compiler checks for exhaustiveness (no default):
    // longer than a function should be, so that every operation's selection reads in one place.
    void instruction(ir::ValueId id) {
        const ir::Instruction& in = at(id);
        where_ = in.where;
        const auto& ops = in.operands;
        const int width = in.type.width;
        if (fused_.count(id))
            return;               // tested by the branches that use it
        if (in.op != ir::Op::Phi) // a Phi's operands are read by its If's phiCopies
            for (const ir::ValueId operand : ops)
                read(operand);
        switch (in.op) {
#define LRT_SL_CASE(op, mnemonic, form) case ir::Op::op:
            LRT_SL_ONE_INSTRUCTION(LRT_SL_CASE)
#undef LRT_SL_CASE
            oneInstruction(id);
            return;
        case ir::Op::Lt:
        case ir::Op::Le:
        case ir::Op::Gt:
        case ir::Op::Ge:
            perComponent(id, &CodeGenerator::lessThanValue);
            return;
        case ir::Op::Eq:
        case ir::Op::Ne:
            perComponent(id, &CodeGenerator::equality);
            return;
        case ir::Op::Min:
        case ir::Op::Max:
            perComponent(id, &CodeGenerator::minimumOrMaximum);
            return;
        case ir::Op::Or:
            perComponent(id, &CodeGenerator::logicalOr);
            return;
        case ir::Op::Not:
            perComponent(id, &CodeGenerator::logicalNot);
            return;
        case ir::Op::Abs:
            perComponent(id, &CodeGenerator::absolute);
            return;
        case ir::Op::Neg:
            if (width > 1) { // a vector times -1: one mul for xyz
                Location location = newLocation(width);
                const Operand minusOne = newRegister(RegisterClass::Scalar);
                emit("li", {minusOne}, {}, "-1");
                emit("mul", {location.vector, vector(ops[0]), minusOne});
                if (width == 4)
                    emit("mul", {location.scalar, component(ops[0], 3), minusOne});
                locations_[id] = location;
                return;
            }
            perComponent(id, &CodeGenerator::negation);
            return;
        case ir::Op::Constant:
            return; // loaded where used
        case ir::Op::Input: {
            Location location;
            location.width = width;
            if (width == 1)
                location.scalar = physical(in.binding, false);
            else {
                location.vector = physical(in.binding, true);
                location.wInVector = true;
            }
            locations_[id] = location;
            return;
        }
        case ir::Op::Swizzle: {
            if (readWhereUsed(id))
                return;
            if (aliasesOperand(id)) {
                Location alias = locations_.at(ops[0]);
                alias.width = width;
                alias.scalar = {};
                locations_[id] = alias;
                return;
            }
            gather(id);
            return;
        }
        case ir::Op::Construct:
            if (!readWhereUsed(id))
                gather(id);
            return;
        case ir::Op::Select:
            select(id);
            return;
        case ir::Op::Texture: {
            Location location = newLocation(width);
            std::optional<Operand> spare = location.vector;
            emit("lookup", {location.vector, physical(fmt::format("t{}", in.unit), true),
                            vector(ops[0], spare)});
            locations_[id] = location;
            return;
        }
        case ir::Op::Output:
            output(in);
            return;
        case ir::Op::Discard:
            for (int c = 0; c < 3; ++c)
                emit("liv", {physical("v0", true)}, std::string(1, kComponents[c]), "0");
            emit("li", {physical("v1", false)}, {}, "0");
            emit("ret", {});
            return;
        case ir::Op::If:
            branch(id);
            return;
        case ir::Op::Phi:
            return; // written by its If's phiCopies
        case ir::Op::Indexed:
        case ir::Op::Sign:
        case ir::Op::Frac:
        case ir::Op::Sqrt:
        case ir::Op::Rsqrt:
        case ir::Op::Rcp:
        case ir::Op::Exp2:
        case ir::Op::Log:
        case ir::Op::Log2:
        case ir::Op::Sin:
        case ir::Op::Cos: // not native on SL (sl_target.cpp): expandForTarget rewrote them
            errors_.emplace_back(
                slvm::Severity::Error, in.where,
                fmt::format("internal compiler error: no sl code for {}", ir::opName(in.op)));
            return;
        }
    }

    void select(ir::ValueId id) {
        const auto& ops = at(id).operands;
        // A scalar condition picks whole values; a vector one picks component by component.
        if (widthOf(ops[0]) == 1) {
            Location location = newLocation(at(id).type.width);
            const Test t = test(ops[0]);
            lessThanSelect(t.a, t.b, [&](bool less) {
                copyInto(location, less == t.lessIsTrue ? ops[1] : ops[2]);
            });
            locations_[id] = location;
            return;
        }
        assemble(
            id,
            [&](int c) {
                const Operand d = newRegister(RegisterClass::Scalar);
                const Operand half = newRegister(RegisterClass::Scalar);
                emit("li", {half}, {}, "0.5");
                const Operand condition = component(ops[0], c);
                lessThanSelect(condition, half, [&](bool isFalse) {
                    emit("mov", {d, component(isFalse ? ops[2] : ops[1], c)});
                });
                return d;
            },
            lastReadVector(ops));
    }

    void output(const ir::Instruction& in) {
        const ir::ValueId value = in.operands[0];
        if (in.binding == "v1") {
            emit("mov", {physical("v1", false), scalar(value)});
            return;
        }
        const int w = widthOf(value);
        if (w >= 3)
            emit("mov", {physical("v0", true), vector(value)});
        else
            for (int c = 0; c < w; ++c)
                emit("lc", {physical("v0", true), component(value, c)},
                     std::string(1, kComponents[c]));
        if (w == 4)
            emit("mov", {physical("v1", false), component(value, 3)});
    }

    // If `id`: blt jumps when its test holds, so the block for the other outcome falls through.
    void branch(ir::ValueId id) {
        const ir::Instruction& in = at(id);
        const Test t = test(in.operands[0]);
        const int taken = newLabel(), end = newLabel();
        jump("blt", {t.a, t.b}, taken);
        const int fallSide = t.lessIsTrue ? 1 : 0; // 0: then, 1: else
        block(fallSide == 0 ? in.thenBlock : in.elseBlock);
        phiCopies(id, fallSide);
        jump("jmp", {}, end);
        place(taken);
        block(fallSide == 0 ? in.elseBlock : in.thenBlock);
        phiCopies(id, 1 - fallSide);
        place(end);
    }

    // At the end of one side of If `region`: each of its Phis takes that side's value.
    void phiCopies(ir::ValueId region, int side) {
        for (const ir::ValueId id : phisOf_[region]) {
            const ir::Instruction& phi = at(id);
            if (!locations_.count(id))
                locations_[id] = newLocation(phi.type.width);
            read(phi.operands[static_cast<std::size_t>(side)]);
            copyInto(locations_.at(id), phi.operands[static_cast<std::size_t>(side)]);
        }
    }

    // What a branch on a bool tests: blt a, b jumps when a < b, which is the bool holding when
    // lessIsTrue. A comparison only branches use is never computed as a value: its operands are
    // the test.
    struct Test {
        Operand a, b;
        bool lessIsTrue;
    };
    Test test(ir::ValueId condition) {
        const ir::Instruction& in = at(condition);
        if (fused_.count(condition)) {
            const LessThan form = lessThanForm(in.op);
            const ir::ValueId x = in.operands[form.swapped ? 1 : 0];
            const ir::ValueId y = in.operands[form.swapped ? 0 : 1];
            return {scalar(x), scalar(y), form.lessIsTrue};
        }
        const Operand half = newRegister(RegisterClass::Scalar);
        const Operand value = scalar(condition);
        emit("li", {half}, {}, "0.5");
        return {value, half, false};
    }

    // The scalar comparisons whose every use is the condition of an If or of a scalar Select.
    void findFusedComparisons(ir::BlockId id, std::map<ir::ValueId, int>& otherUses) {
        for (const ir::ValueId value :
             function_.blocks[static_cast<std::size_t>(id)].instructions) {
            const ir::Instruction& in = at(value);
            for (std::size_t i = 0; i < in.operands.size(); ++i) {
                const bool isTest =
                    i == 0 && (in.op == ir::Op::If ||
                               (in.op == ir::Op::Select && widthOf(in.operands[0]) == 1));
                if (!isTest)
                    ++otherUses[in.operands[i]];
            }
            if (in.type.width == 1 && (in.op == ir::Op::Lt || in.op == ir::Op::Le ||
                                       in.op == ir::Op::Gt || in.op == ir::Op::Ge))
                fused_.insert(value);
            if (in.op == ir::Op::If) {
                findFusedComparisons(in.thenBlock, otherUses);
                findFusedComparisons(in.elseBlock, otherUses);
            }
        }
    }
    void block(ir::BlockId id) {
        const auto& instructions = function_.blocks[static_cast<std::size_t>(id)].instructions;
        // Each If's Phis follow it in the same block.
        for (std::size_t i = 0; i < instructions.size(); ++i)
            if (at(instructions[i]).op == ir::Op::If)
                for (std::size_t j = i + 1;
                     j < instructions.size() && at(instructions[j]).op == ir::Op::Phi &&
                     at(instructions[j]).region == instructions[i];
                     ++j)
                    phisOf_[instructions[i]].push_back(instructions[j]);
        for (const ir::ValueId value : instructions)
            instruction(value);
    }

    std::map<ir::ValueId, std::vector<ir::ValueId>> phisOf_;
    std::set<ir::ValueId> fused_;
};

} // namespace

// Frugal code is longer: only for a program that does not fit without it (the driver then
// reorders and rematerialises, asking again each time).
Generated SlTarget::generate(const ir::Function& function, std::vector<ConstantSlot>) const {
    Generated generated = CodeGenerator(function, false).run();
    if (!generated.outOfRegisters)
        return generated;
    Generated frugal = CodeGenerator(function, true).run();
    return frugal.outOfRegisters ? generated : frugal;
}

} // namespace compiler::backends
