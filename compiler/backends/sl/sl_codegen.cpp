// SL code generation: IR values to SL instructions on virtual registers, which
// sl_register_allocator.h then places on SL's registers.
//
// A value of width 1 lives in a scalar, of width 2 or 3 in a vector's xyz, of width 4 in a vector
// (xyz) and a scalar (w): SL's vector instructions never touch w. What SL lacks is built here:
// componentwise products with movc/mul/lc, comparisons, min, max and selects with blt. Constants
// are loaded where they are used (li, liv), so they hold no register for long.
//
// One class, a little over 600 lines: its instruction switch and the helpers it calls (scalar
// operations, comparisons, Phi copies, fused branches) all read and write the same generator
// state (locations, labels, virtual registers), so splitting it would only pass that state
// around; printing and register allocation already live apart.
#include "compiler/backends/sl/sl_machine_code.h"
#include "compiler/backends/sl/sl_register_allocator.h"
#include "compiler/backends/sl/sl_target.h"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <set>

namespace compiler::backends {

namespace {

using sl_code::MachineInstruction;
using sl_code::Operand;
using sl_code::RegisterClass;

// Where an IR value lives.
struct Location {
    Operand vector;         // xyz (width 2-4)
    Operand scalar;         // width 1, or w of width 4
    bool wInVector = false; // an input register: w is the vector's own
    int width = 0;
};

const char* const kComponents = "xyzw";

class CodeGenerator {
public:
    explicit CodeGenerator(const ir::Function& function) : function_(function) {}

    Generated run() {
        std::map<ir::ValueId, int> otherUses;
        findFusedComparisons(0, otherUses);
        for (auto it = fused_.begin(); it != fused_.end();)
            it = otherUses.count(*it) ? fused_.erase(it) : std::next(it);
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
    Operand newRegister(RegisterClass kind) {
        classes_.push_back(kind);
        return Operand{{}, static_cast<int>(classes_.size() - 1), kind == RegisterClass::Vector};
    }
    static Operand physical(const std::string& name, bool isVector) {
        return Operand{name, -1, isVector};
    }

    void emit(std::string mnemonic, std::vector<Operand> operands, std::string component = {},
              std::string immediate = {}) {
        code_.push_back({std::move(mnemonic), std::move(component), std::move(operands),
                         std::move(immediate), -1, where_});
    }
    int newLabel() { return labels_++; }
    void place(int label) { code_.push_back({"", "", {}, "", label, where_}); }
    void jump(const std::string& mnemonic, std::vector<Operand> operands, int label) {
        emit(mnemonic, std::move(operands), {}, fmt::format("L{}", label));
    }

    static std::string number(float value) { return fmt::format("{}", value); }

    const ir::Instruction& at(ir::ValueId id) const { return function_[id]; }

    // Component c of value id as a scalar operand (loading a constant or extracting with movc).
    Operand component(ir::ValueId id, int c) {
        const ir::Instruction& instruction = at(id);
        if (instruction.type.width == 1)
            c = 0;
        if (instruction.op == ir::Op::Constant) {
            const Operand t = newRegister(RegisterClass::Scalar);
            emit("li", {t}, {}, number(instruction.constant[static_cast<std::size_t>(c)]));
            return t;
        }
        const Location& location = locations_.at(id);
        if (location.width == 1 || (c == 3 && !location.wInVector))
            return location.scalar;
        const Operand t = newRegister(RegisterClass::Scalar);
        emit("movc", {t, location.vector}, std::string(1, kComponents[c]));
        return t;
    }
    Operand scalar(ir::ValueId id) { return component(id, 0); }

    // The xyz of value id as a vector operand; a scalar is replicated.
    Operand vector(ir::ValueId id) {
        const ir::Instruction& instruction = at(id);
        if (instruction.op == ir::Op::Constant) {
            const Operand t = newRegister(RegisterClass::Vector);
            for (int c = 0;
                 c < std::min(3, instruction.type.width == 1 ? 3 : instruction.type.width); ++c)
                emit("liv", {t}, std::string(1, kComponents[c]),
                     number(instruction.constant[static_cast<std::size_t>(
                         instruction.type.width == 1 ? 0 : c)]));
            return t;
        }
        const Location& location = locations_.at(id);
        if (location.width > 1)
            return location.vector;
        const Operand t = newRegister(RegisterClass::Vector);
        for (int c = 0; c < 3; ++c)
            emit("lc", {t, location.scalar}, std::string(1, kComponents[c]));
        return t;
    }

    Location newLocation(int width) {
        Location location;
        location.width = width;
        if (width > 1)
            location.vector = newRegister(RegisterClass::Vector);
        if (width == 1 || width == 4)
            location.scalar = newRegister(RegisterClass::Scalar);
        return location;
    }

    // Builds a value of `width` from one scalar operand per component.
    void assemble(ir::ValueId id, const std::function<Operand(int)>& componentOf) {
        const int width = at(id).type.width;
        if (width == 1) { // the scalar the computation left: no copy
            Location location;
            location.width = 1;
            location.scalar = componentOf(0);
            locations_[id] = location;
            return;
        }
        Location location = newLocation(width);
        for (int c = 0; c < width; ++c) {
            const Operand part = componentOf(c);
            if (width == 1 || c == 3)
                emit("mov", {location.scalar, part});
            else
                emit("lc", {location.vector, part}, std::string(1, kComponents[c]));
        }
        locations_[id] = location;
    }

    // setTo(a < b) as branches: blt a, b, T; setTo(false); jmp E; T: setTo(true); E:
    void lessThanSelect(Operand a, Operand b, const std::function<void(bool)>& setTo) {
        const int taken = newLabel(), end = newLabel();
        jump("blt", {a, b}, taken);
        setTo(false);
        jump("jmp", {}, end);
        place(taken);
        setTo(true);
        place(end);
    }

    Operand scalarOp(ir::Op op, Operand a, Operand b) {
        const Operand d = newRegister(RegisterClass::Scalar);
        const auto pick = [&](float onTrue, float onFalse) {
            return [this, d, onTrue, onFalse](bool taken) {
                emit("li", {d}, {}, number(taken ? onTrue : onFalse));
            };
        };
        switch (op) {
        case ir::Op::Add:
            emit("add", {d, a, b});
            break;
        case ir::Op::Sub:
            emit("sub", {d, a, b});
            break;
        case ir::Op::Mul:
            emit("mul", {d, a, b});
            break;
        case ir::Op::Div:
            emit("div", {d, a, b});
            break;
        case ir::Op::Pow:
            emit("pow", {d, a, b});
            break;
        case ir::Op::Lt:
            lessThanSelect(a, b, pick(1, 0));
            break;
        case ir::Op::Gt:
            lessThanSelect(b, a, pick(1, 0));
            break;
        case ir::Op::Ge:
            lessThanSelect(a, b, pick(0, 1));
            break;
        case ir::Op::Le:
            lessThanSelect(b, a, pick(0, 1));
            break;
        case ir::Op::Eq:
        case ir::Op::Ne: {
            // Equal when neither is less than the other.
            const int differ = newLabel(), end = newLabel();
            jump("blt", {a, b}, differ);
            jump("blt", {b, a}, differ);
            emit("li", {d}, {}, op == ir::Op::Eq ? "1" : "0");
            jump("jmp", {}, end);
            place(differ);
            emit("li", {d}, {}, op == ir::Op::Eq ? "0" : "1");
            place(end);
            break;
        }
        case ir::Op::Min: // b < a ? b : a
            lessThanSelect(b, a, [&](bool taken) { emit("mov", {d, taken ? b : a}); });
            break;
        case ir::Op::Max: // a < b ? b : a
            lessThanSelect(a, b, [&](bool taken) { emit("mov", {d, taken ? b : a}); });
            break;
        case ir::Op::And:
            emit("mul", {d, a, b});
            break; // bools are 0 or 1
        case ir::Op::Or: {
            const Operand t = newRegister(RegisterClass::Scalar);
            emit("mul", {t, a, b});
            emit("add", {d, a, b});
            emit("sub", {d, d, t});
            break;
        }
        default:
            break;
        }
        return d;
    }

    Operand unaryScalarOp(ir::Op op, Operand x) {
        const Operand d = newRegister(RegisterClass::Scalar);
        switch (op) {
        case ir::Op::Floor:
            emit("floor", {d, x});
            break;
        case ir::Op::Ceil:
            emit("ceil", {d, x});
            break;
        case ir::Op::Exp:
            emit("exp", {d, x});
            break;
        case ir::Op::BoolToFloat:
            emit("mov", {d, x});
            break;
        case ir::Op::Neg: {
            const Operand minusOne = newRegister(RegisterClass::Scalar);
            emit("li", {minusOne}, {}, "-1");
            emit("mul", {d, x, minusOne});
            break;
        }
        case ir::Op::Not: {
            const Operand one = newRegister(RegisterClass::Scalar);
            emit("li", {one}, {}, "1");
            emit("sub", {d, one, x});
            break;
        }
        case ir::Op::Abs: { // x < 0 ? 0 - x : x
            const Operand zero = newRegister(RegisterClass::Scalar);
            emit("li", {zero}, {}, "0");
            lessThanSelect(x, zero, [&](bool negative) {
                if (negative)
                    emit("sub", {d, zero, x});
                else
                    emit("mov", {d, x});
            });
            break;
        }
        default:
            break;
        }
        return d;
    }

    bool isBinaryScalarOp(ir::Op op) const {
        using enum ir::Op;
        return op == Add || op == Sub || op == Mul || op == Div || op == Pow || op == Min ||
               op == Max || op == Lt || op == Le || op == Gt || op == Ge || op == Eq || op == Ne ||
               op == And || op == Or;
    }

    // One case per IR operation, a switch the compiler checks for exhaustiveness; kept whole so
    // that every operation's selection reads in one place.
    void instruction(ir::ValueId id) {
        const ir::Instruction& in = at(id);
        where_ = in.where;
        const auto& ops = in.operands;
        const int width = in.type.width;
        if (fused_.count(id))
            return; // tested by the branches that use it
        switch (in.op) {
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
            const Location& source = locations_.count(ops[0]) ? locations_.at(ops[0]) : Location{};
            bool prefix =
                width >= 2 && width <= 3 && at(ops[0]).op != ir::Op::Constant && source.width > 1;
            for (int c = 0; c < width; ++c)
                prefix = prefix && in.swizzle[static_cast<std::size_t>(c)] == c;
            if (prefix) { // .xy of a float3, .xyz of a float4: the same register
                Location alias = source;
                alias.width = width;
                alias.scalar = {};
                locations_[id] = alias;
                return;
            }
            assemble(id, [&](int c) {
                return component(ops[0], in.swizzle[static_cast<std::size_t>(c)]);
            });
            return;
        }
        case ir::Op::Construct: {
            std::vector<std::pair<ir::ValueId, int>> sources;
            for (const ir::ValueId part : ops)
                for (int c = 0; c < widthOf(part); ++c)
                    sources.emplace_back(part, c);
            assemble(id, [&](int c) {
                return component(sources[static_cast<std::size_t>(c)].first,
                                 sources[static_cast<std::size_t>(c)].second);
            });
            return;
        }
        case ir::Op::Add:
        case ir::Op::Sub:
            if (width > 1 && widthOf(ops[0]) == width && widthOf(ops[1]) == width) {
                Location location = newLocation(width);
                emit(in.op == ir::Op::Add ? "add" : "sub",
                     {location.vector, vector(ops[0]), vector(ops[1])});
                if (width == 4)
                    location.scalar = scalarOp(in.op, component(ops[0], 3), component(ops[1], 3));
                locations_[id] = location;
                return;
            }
            break;
        case ir::Op::Mul:
        case ir::Op::Div:
            if (width > 1 && widthOf(ops[1]) == 1 && widthOf(ops[0]) == width) {
                Location location = newLocation(width);
                const Operand k = scalar(ops[1]);
                emit(in.op == ir::Op::Mul ? "mul" : "div", {location.vector, vector(ops[0]), k});
                if (width == 4)
                    location.scalar = scalarOp(in.op, component(ops[0], 3), k);
                locations_[id] = location;
                return;
            }
            if (in.op == ir::Op::Mul && width > 1 && widthOf(ops[0]) == 1 &&
                widthOf(ops[1]) == width) {
                Location location = newLocation(width);
                const Operand k = scalar(ops[0]);
                emit("mul", {location.vector, vector(ops[1]), k});
                if (width == 4)
                    location.scalar = scalarOp(in.op, k, component(ops[1], 3));
                locations_[id] = location;
                return;
            }
            break;
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
            break;
        case ir::Op::Dot: {
            Location location = newLocation(1);
            emit("dp3", {location.scalar, vector(ops[0]), vector(ops[1])});
            locations_[id] = location;
            return;
        }
        case ir::Op::Normalize:
        case ir::Op::Cross: {
            Location location = newLocation(width);
            if (in.op == ir::Op::Normalize)
                emit("norm", {location.vector, vector(ops[0])});
            else
                emit("mul", {location.vector, vector(ops[0]), vector(ops[1])});
            locations_[id] = location;
            return;
        }
        case ir::Op::Select: {
            // A scalar condition picks whole values; a vector one picks component by component.
            if (widthOf(ops[0]) == 1) {
                Location location = newLocation(width);
                const Test t = test(ops[0]);
                lessThanSelect(t.a, t.b, [&](bool less) {
                    copyInto(location, less == t.lessIsTrue ? ops[1] : ops[2]);
                });
                locations_[id] = location;
                return;
            }
            assemble(id, [&](int c) {
                const Operand d = newRegister(RegisterClass::Scalar);
                const Operand half = newRegister(RegisterClass::Scalar);
                emit("li", {half}, {}, "0.5");
                const Operand condition = component(ops[0], c);
                lessThanSelect(condition, half, [&](bool isFalse) {
                    emit("mov", {d, component(isFalse ? ops[2] : ops[1], c)});
                });
                return d;
            });
            return;
        }
        case ir::Op::Texture: {
            Location location = newLocation(width);
            emit("lookup",
                 {location.vector, physical(fmt::format("t{}", in.unit), true), vector(ops[0])});
            locations_[id] = location;
            return;
        }
        case ir::Op::Trace: {
            Location location = newLocation(width);
            emit("trace", {location.vector, vector(ops[0]), vector(ops[1])});
            locations_[id] = location;
            return;
        }
        case ir::Op::Random: {
            Location location = newLocation(1);
            emit("rnd", {location.scalar});
            locations_[id] = location;
            return;
        }
        case ir::Op::Turbulence: {
            Location location = newLocation(1);
            emit("turb", {location.scalar, widthOf(ops[0]) == 1 ? scalar(ops[0]) : vector(ops[0])});
            locations_[id] = location;
            return;
        }
        case ir::Op::Output: {
            const ir::ValueId value = ops[0];
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
            return;
        }
        case ir::Op::Discard:
            for (int c = 0; c < 3; ++c)
                emit("liv", {physical("v0", true)}, std::string(1, kComponents[c]), "0");
            emit("li", {physical("v1", false)}, {}, "0");
            emit("ret", {});
            return;
        case ir::Op::If: {
            // blt jumps when its test holds: the block for the other outcome falls through.
            const Test t = test(ops[0]);
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
            return;
        }
        case ir::Op::Phi:
            return; // written by its If's phiCopies
        default:
            break;
        }
        // Everything else, component by component on scalars.
        if (isBinaryScalarOp(in.op)) {
            assemble(id, [&](int c) {
                return scalarOp(in.op, component(ops[0], c), component(ops[1], c));
            });
            return;
        }
        assemble(id, [&](int c) { return unaryScalarOp(in.op, component(ops[0], c)); });
    }

    // At the end of one side of If `region`: each of its Phis takes that side's value.
    void phiCopies(ir::ValueId region, int side) {
        for (const ir::ValueId id : phisOf_[region]) {
            const ir::Instruction& phi = at(id);
            if (!locations_.count(id))
                locations_[id] = newLocation(phi.type.width);
            copyInto(locations_.at(id), phi.operands[static_cast<std::size_t>(side)]);
        }
    }

    // Copies value id into `location` (a constant is loaded straight into it).
    void copyInto(const Location& location, ir::ValueId id) {
        const ir::Instruction& value = at(id);
        const int width = location.width;
        if (value.op == ir::Op::Constant) {
            const auto c = [&](int k) {
                return number(
                    value.constant[static_cast<std::size_t>(value.type.width == 1 ? 0 : k)]);
            };
            if (width > 1)
                for (int k = 0; k < std::min(width, 3); ++k)
                    emit("liv", {location.vector}, std::string(1, kComponents[k]), c(k));
            if (width == 1 || width == 4)
                emit("li", {location.scalar}, {}, c(width == 1 ? 0 : 3));
            return;
        }
        if (width > 1)
            emit("mov", {location.vector, vector(id)});
        if (width == 1 || width == 4)
            emit("mov", {location.scalar, component(id, width == 1 ? 0 : 3)});
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
            const ir::ValueId x = in.operands[0], y = in.operands[1];
            switch (in.op) {
            case ir::Op::Lt:
                return {scalar(x), scalar(y), true};
            case ir::Op::Gt:
                return {scalar(y), scalar(x), true};
            case ir::Op::Ge:
                return {scalar(x), scalar(y), false};
            default:
                return {scalar(y), scalar(x), false}; // Le
            }
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
            const bool comparison = in.op == ir::Op::Lt || in.op == ir::Op::Le ||
                                    in.op == ir::Op::Gt || in.op == ir::Op::Ge;
            if (comparison && in.type.width == 1)
                fused_.insert(value);
            if (in.op == ir::Op::If) {
                findFusedComparisons(in.thenBlock, otherUses);
                findFusedComparisons(in.elseBlock, otherUses);
            }
        }
    }
    int widthOf(ir::ValueId id) const { return at(id).type.width; }

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

    const ir::Function& function_;
    std::vector<MachineInstruction> code_;
    std::vector<RegisterClass> classes_;
    std::map<ir::ValueId, Location> locations_;
    std::map<ir::ValueId, std::vector<ir::ValueId>> phisOf_;
    std::set<ir::ValueId> fused_;
    std::vector<slvm::Diagnostic> errors_;
    slvm::SourceLocation where_;
    int labels_ = 0;
};

} // namespace

Generated SlTarget::generate(const ir::Function& function, std::vector<ConstantSlot>) const {
    return CodeGenerator(function).run();
}

} // namespace compiler::backends
