// Vertex-program code generation. Swizzles, negations, inputs and constants cost nothing: they
// are views of a register that an instruction's source operand can express. Everything else is
// computed into a temporary (R0-R11, or R0-R15 on VP2; allocated in vp_machine_code.h), or straight
// into its o[] register when an output is its only use. A multiply whose only use is an add
// becomes a MAD. Literals are packed four to a c[] register after the uniforms.
#include "compiler/backends/vp2/vp_emitter.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <fmt/format.h>
#include <functional>
#include <map>

namespace compiler::backends {

namespace {

// The operations one instruction computes, the same in every profile that has it (FLR, SSG,
// SIN and COS are VP2's; vp_target.cpp has VP1.1 rewrite them): X(IR op, opcode, one component
// at a time). A scalar instruction (RCP, RSQ, SIN, COS) is issued once per component. Bools are 0
// or 1: And is their product, Or their maximum. The code generator's switch has a case for each,
// generated from this list, so an operation is here or in the switch, never both.
// clang-format off
#define LRT_VP_ONE_INSTRUCTION(X)                                                                 \
    X(Min, "MIN", false) X(Max, "MAX", false) X(Floor, "FLR", false) X(Sign, "SSG", false)       \
    X(Lt, "SLT", false) X(Ge, "SGE", false) X(And, "MUL", false) X(Or, "MAX", false)             \
    X(Rcp, "RCP", true) X(Rsqrt, "RSQ", true) X(Sin, "SIN", true) X(Cos, "COS", true)
// clang-format on

struct OneInstruction {
    ir::Op op;
    const char* opcode;
    bool perComponent;
};

#define LRT_VP_ENTRY(op, opcode, perComponent) {ir::Op::op, opcode, perComponent},
constexpr OneInstruction kOneInstruction[] = {LRT_VP_ONE_INSTRUCTION(LRT_VP_ENTRY)};
#undef LRT_VP_ENTRY

class CodeGenerator : vp_code::VpEmitter {
public:
    CodeGenerator(const VpTarget& target, const ir::Function& function,
                  std::vector<ConstantSlot> slots)
        : VpEmitter(target, function, std::move(slots)) {}

    Generated run() {
        for (const ir::ValueId id : function_.blocks[0].instructions)
            instruction(id);
        if (!writesPosition_)
            error(function_.blocks[0].instructions.empty()
                      ? slvm::SourceLocation{}
                      : function_[function_.blocks[0].instructions.front()].where,
                  "a vertex program must write POSITION (o[HPOS]): return it, or give an out "
                  "parameter the semantic POSITION");
        Allocation allocation;
        if (errors_.empty()) {
            legalizeOperands(program_);
            allocation = allocateTemporaries(program_, target_);
        }
        const bool outOfRegisters = !allocation.errors.empty();
        errors_.insert(errors_.end(), allocation.errors.begin(), allocation.errors.end());
        if (errors_.empty() && static_cast<int>(program_.code.size()) > target_.instructionLimit())
            error(program_.code.back().where,
                  fmt::format("the program compiles to {} instructions; profile {} "
                              "allows {}",
                              program_.code.size(), target_.name(), target_.instructionLimit()));
        Generated generated;
        generated.errors = errors_;
        generated.outOfRegisters = outOfRegisters;
        if (errors_.empty()) {
            generated.text = printProgram(program_, allocation.physical, target_, slots_);
            generated.constants = slots_;
        }
        return generated;
    }

private:
    void scalarOp(const char* opcode, ir::ValueId id) {
        const ir::Instruction& in = at(id);
        const Source x = source(in.operands[0]);
        const Destination d = destinationFor(id);
        for (int c = 0; c < in.type.width; ++c)
            emit(opcode, masked(d, 1u << c), {component(x, c)});
    }

    // EXP and LOG (VP1.1) leave their result in one component: .y of EXP is the fraction, .z of
    // EXP 2^x, .z of LOG log2|x|.
    void pickedScalarOp(const char* opcode, int pick, ir::ValueId id) {
        const ir::Instruction& in = at(id);
        const Source x = source(in.operands[0]);
        const Destination d = destinationFor(id);
        for (int c = 0; c < in.type.width; ++c) {
            const int t = newTemporary();
            emit(opcode, {t, "", 0xF}, {component(x, c)});
            Source picked;
            picked.temporary = t;
            const auto p = static_cast<std::uint8_t>(pick);
            picked.swizzle = {p, p, p, p};
            emit("MOV", masked(d, 1u << c), {picked});
        }
    }

    // Value id of an operation of kOneInstruction.
    void oneInstruction(ir::ValueId id) {
        const ir::Instruction& in = at(id);
        const OneInstruction& selected =
            *std::ranges::find(kOneInstruction, in.op, &OneInstruction::op);
        const auto operand = [&](std::size_t i) {
            return widened(source(in.operands[i]), in.type.width);
        };
        if (selected.perComponent)
            scalarOp(selected.opcode, id);
        else if (in.operands.size() == 1)
            emit(selected.opcode, destinationFor(id), {operand(0)});
        else
            emit(selected.opcode, destinationFor(id), {operand(0), operand(1)});
    }

    // One case per IR operation, a switch the compiler checks for exhaustiveness (no default):
    // longer than a function should be, so that every operation's selection reads in one place.
    void instruction(ir::ValueId id) {
        const ir::Instruction& in = at(id);
        where_ = in.where;
        const int width = in.type.width;
        const auto operand = [&](std::size_t i) { return widened(source(in.operands[i]), width); };
        switch (in.op) {
#define LRT_VP_CASE(op, opcode, perComponent) case ir::Op::op:
            LRT_VP_ONE_INSTRUCTION(LRT_VP_CASE)
#undef LRT_VP_CASE
            oneInstruction(id);
            return;
        case ir::Op::Constant:
        case ir::Op::Input:
        case ir::Op::Swizzle:
        case ir::Op::Neg:
        case ir::Op::BoolToFloat:
            return; // views, read where used
        case ir::Op::Mul:
            if (foldsIntoMad(id))
                return;
            emit("MUL", destinationFor(id), {operand(0), operand(1)});
            return;
        case ir::Op::Add:
        case ir::Op::Sub: {
            if (const int chosen = madProduct(id); chosen >= 0) {
                const auto m = static_cast<std::size_t>(chosen);
                const ir::ValueId product = in.operands[m];
                const ir::Instruction& mul = at(product);
                Source a = widened(source(mul.operands[0]), width);
                const Source b = widened(source(mul.operands[1]), width);
                Source addend = operand(1 - m);
                if (in.op == ir::Op::Sub) {
                    if (m == 0)
                        addend.negate = !addend.negate; // a*b - c
                    else
                        a.negate = !a.negate; // c - a*b
                }
                emit("MAD", destinationFor(id), {a, b, addend});
                return;
            }
            emit(in.op == ir::Op::Add ? "ADD" : "SUB", destinationFor(id),
                 {operand(0), operand(1)});
            return;
        }
        case ir::Op::Indexed: {
            // ARL A0.x, floor(index * stride), unless A0 holds it already (only this code writes
            // A0, and the code has no branches); then the element's row, c[A0.x + first].
            if (addressIndex_ != in.operands[0] || addressStride_ != in.unit) {
                Source address = widened(source(in.operands[0]), 1);
                if (in.unit != 1) {
                    const int scaled = newTemporary();
                    emit("MUL", {scaled, "", 0x1}, {address, literal(static_cast<float>(in.unit))});
                    address = Source{};
                    address.temporary = scaled;
                    address.swizzle = {0, 0, 0, 0};
                    address.width = 1;
                }
                emit("ARL", {-1, "A0", 0x1}, {address});
                addressIndex_ = in.operands[0];
                addressStride_ = in.unit;
            }
            Source element;
            element.named =
                fmt::format("c[A0.x + {}]", in.binding.substr(2, in.binding.size() - 3));
            emit("MOV", destinationFor(id), {element});
            return;
        }
        case ir::Op::Abs:
            if (!target_.isVp2())
                emit("ABS", destinationFor(id), {operand(0)});
            return;
        case ir::Op::Frac:
            if (target_.isVp2())
                emit("FRC", destinationFor(id), {operand(0)});
            else
                pickedScalarOp("EXP", 1, id);
            return;
        case ir::Op::Exp2:
            if (target_.isVp2())
                scalarOp("EX2", id);
            else
                pickedScalarOp("EXP", 2, id);
            return;
        case ir::Op::Log2:
            if (target_.isVp2())
                scalarOp("LG2", id);
            else
                pickedScalarOp("LOG", 2, id);
            return;
        case ir::Op::Dot: {
            const int w = at(in.operands[0]).type.width;
            emit(w == 4 ? "DP4" : "DP3", destinationFor(id),
                 {widened(source(in.operands[0]), w), widened(source(in.operands[1]), w)});
            return;
        }
        case ir::Op::Cross: { // a.yzx * b.zxy - a.zxy * b.yzx
            const Source a = source(in.operands[0]), b = source(in.operands[1]);
            const auto rotate = [](Source s, std::array<int, 3> order) {
                const auto base = s.swizzle;
                for (int c = 0; c < 3; ++c)
                    s.swizzle[static_cast<std::size_t>(c)] =
                        base[static_cast<std::size_t>(order[static_cast<std::size_t>(c)])];
                s.swizzle[3] = s.swizzle[2];
                return s;
            };
            const int t = newTemporary();
            Source product;
            product.temporary = t;
            product.negate = true;
            emit("MUL", {t, "", 0x7}, {rotate(a, {2, 0, 1}), rotate(b, {1, 2, 0})});
            emit("MAD", destinationFor(id), {rotate(a, {1, 2, 0}), rotate(b, {2, 0, 1}), product});
            return;
        }
        case ir::Op::Gt:
        case ir::Op::Le:
            if (target_.isVp2())
                emit(in.op == ir::Op::Gt ? "SGT" : "SLE", destinationFor(id),
                     {operand(0), operand(1)});
            else // a > b is b < a; a <= b is b >= a
                emit(in.op == ir::Op::Gt ? "SLT" : "SGE", destinationFor(id),
                     {operand(1), operand(0)});
            return;
        case ir::Op::Eq:
        case ir::Op::Ne:
            if (target_.isVp2()) {
                emit(in.op == ir::Op::Eq ? "SEQ" : "SNE", destinationFor(id),
                     {operand(0), operand(1)});
            } else {
                // Unequal when one is less than the other; at most one of the two holds.
                const int less = newTemporary(), greater = newTemporary();
                emit("SLT", {less, "", maskOf(width)}, {operand(0), operand(1)});
                emit("SLT", {greater, "", maskOf(width)}, {operand(1), operand(0)});
                Source l, g;
                l.temporary = less;
                g.temporary = greater;
                if (in.op == ir::Op::Ne) {
                    emit("ADD", destinationFor(id), {l, g});
                } else {
                    const int unequal = newTemporary();
                    emit("ADD", {unequal, "", maskOf(width)}, {l, g});
                    Source u;
                    u.temporary = unequal;
                    Source minus = u;
                    minus.negate = true;
                    emit("SGE", destinationFor(id), {minus, u}); // -u >= u: u is 0
                }
            }
            return;
        case ir::Op::Not: { // -x >= x holds for false (0), not for true (1)
            Source x = operand(0), minus = x;
            minus.negate = !minus.negate;
            emit("SGE", destinationFor(id), {minus, x});
            return;
        }
        case ir::Op::Select: { // c a + (1 - c) b, with (1 - c) as -c >= c: exact for finite values
            const Source c = operand(0);
            Source minusC = c;
            minusC.negate = !minusC.negate;
            const int notC = newTemporary(), weighted = newTemporary();
            emit("SGE", {notC, "", maskOf(width)}, {minusC, c});
            Source n;
            n.temporary = notC;
            emit("MUL", {weighted, "", maskOf(width)}, {operand(2), n});
            Source w;
            w.temporary = weighted;
            emit("MAD", destinationFor(id), {operand(1), c, w});
            return;
        }
        case ir::Op::Construct: {
            const Destination d = constructDestination(id);
            int c = 0;
            for (const ir::ValueId part : in.operands) {
                const int w = at(part).type.width;
                if (partOf_.count(part)) {
                    c += w; // already in place
                    continue;
                }
                Source s = source(part);
                // The part's components land at c..c+w-1: shift its swizzle to match.
                Source shifted = s;
                for (int k = 0; k < w; ++k)
                    shifted.swizzle[static_cast<std::size_t>(c + k)] =
                        s.swizzle[static_cast<std::size_t>(s.width == 1 ? 0 : k)];
                emit("MOV", masked(d, maskOf(c + w) & ~maskOf(c)), {shifted});
                c += w;
            }
            return;
        }
        case ir::Op::Output:
            if (outputsWritten_.count(id))
                return; // computed straight into it
            noteOutput(in.binding);
            emit("MOV", {-1, in.binding, maskOf(at(in.operands[0]).type.width)},
                 {source(in.operands[0])});
            return;
        case ir::Op::Div:
        case ir::Op::Ceil:
        case ir::Op::Sqrt:
        case ir::Op::Exp:
        case ir::Op::Log:
        case ir::Op::Pow:
        case ir::Op::Normalize:
        case ir::Op::Texture:
        case ir::Op::Trace:
        case ir::Op::Random:
        case ir::Op::Turbulence:
        case ir::Op::Discard:
        case ir::Op::If:
        case ir::Op::Phi: // not native on VP (vp_target.cpp), or refused, or flattened
            error(in.where, fmt::format("internal compiler error: no {} code for {}",
                                        target_.name(), ir::opName(in.op)));
            return;
        }
    }
};

} // namespace

Generated VpTarget::generate(const ir::Function& function,
                             std::vector<ConstantSlot> uniformSlots) const {
    return CodeGenerator(*this, function, std::move(uniformSlots)).run();
}

} // namespace compiler::backends
