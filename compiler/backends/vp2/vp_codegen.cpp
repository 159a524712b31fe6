// Vertex-program code generation. Swizzles, negations, inputs and constants cost nothing: they
// are views of a register that an instruction's source operand can express. Everything else is
// computed into a temporary (R0-R11, or R0-R15 on VP2; allocated in vp_machine_code.h), or straight
// into its o[] register when an output is its only use. A multiply whose only use is an add
// becomes a MAD. Literals are packed four to a c[] register after the uniforms.
#include "compiler/backends/vp2/vp_machine_code.h"
#include "compiler/backends/vp2/vp_target.h"

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

class CodeGenerator {
public:
    CodeGenerator(const VpTarget& target, const ir::Function& function,
                  std::vector<ConstantSlot> slots)
        : target_(target), function_(function), slots_(std::move(slots)) {
        for (const ConstantSlot& slot : slots_)
            firstFreeSlot_ = std::max(firstFreeSlot_, slot.index + 1);
        countUses();
        findConstructParts();
    }

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
    void error(const slvm::SourceLocation& where, std::string message) {
        errors_.emplace_back(slvm::Severity::Error, where, std::move(message));
    }

    const ir::Instruction& at(ir::ValueId id) const { return function_[id]; }

    void countUses() {
        for (const ir::ValueId id : function_.blocks[0].instructions)
            for (const ir::ValueId operand : at(id).operands)
                uses_[operand].push_back(id);
    }

    int newTemporary() { return program_.newTemporary(); }

    void emit(std::string opcode, Destination destination, std::vector<Source> sources) {
        if (destination.shift > 0) {
            // Writing components shift.. of the register: each source component moves along
            // (a dot product's scalar result needs no moving, its sources must not).
            if (opcode != "DP3" && opcode != "DP4")
                for (Source& source : sources) {
                    const auto original = source.swizzle;
                    for (int c = 0; c + destination.shift < 4; ++c)
                        source.swizzle[static_cast<std::size_t>(c + destination.shift)] =
                            original[static_cast<std::size_t>(c)];
                }
            destination.mask = (destination.mask << destination.shift) & 0xF;
            destination.shift = 0;
        }
        program_.code.push_back(
            {std::move(opcode), std::move(destination), std::move(sources), where_});
    }

    static unsigned maskOf(int width) { return (1u << width) - 1u; }
    // d writing only the components of `mask` (before its shift).
    static Destination masked(Destination d, unsigned mask) {
        d.mask = mask;
        return d;
    }

    // A slot component holding `value`: literals are shared and packed four to a register.
    Source literal(float value) {
        for (const ConstantSlot& slot : slots_)
            if (slot.name.empty())
                for (int c = 0; c < literalsIn_[slot.index]; ++c)
                    if (slot.value[static_cast<std::size_t>(c)] == value &&
                        !std::signbit(value) ==
                            !std::signbit(slot.value[static_cast<std::size_t>(c)]))
                        return scalarSource(slot.index, c);
        if (openSlot_ < 0 || literalsIn_[openSlot_] == 4) {
            openSlot_ = firstFreeSlot_++;
            if (openSlot_ >= target_.constantRegisters())
                error(where_,
                      fmt::format(
                          "the program needs more than the {} constant registers of profile {}",
                          target_.constantRegisters(), target_.name()));
            slots_.push_back({openSlot_, "", "", 0, {}});
        }
        for (ConstantSlot& slot : slots_)
            if (slot.index == openSlot_) {
                const int c = literalsIn_[openSlot_]++;
                slot.value[static_cast<std::size_t>(c)] = value;
                return scalarSource(openSlot_, c);
            }
        return {};
    }
    static Source scalarSource(int slot, int component) {
        Source source;
        source.named = fmt::format("c[{}]", slot);
        const auto c = static_cast<std::uint8_t>(component);
        source.swizzle = {c, c, c, c};
        source.width = 1;
        return source;
    }

    // The operand that reads value id: a view (a constant, an input, a swizzle, a negation, a
    // bool as a float, and |x| on VP2) is expressed where it is read; every other value is read
    // where instruction() computed it.
    Source source(ir::ValueId id) {
        const ir::Instruction& in = at(id);
        if (in.op == ir::Op::Constant)
            return constantSource(in);
        if (in.op == ir::Op::Input) {
            Source s;
            s.named = in.binding;
            s.width = in.type.width;
            return s;
        }
        if (in.op == ir::Op::Swizzle) {
            const Source base = source(in.operands[0]);
            Source s = base;
            for (int c = 0; c < 4; ++c)
                s.swizzle[static_cast<std::size_t>(c)] =
                    base.swizzle[in.swizzle[static_cast<std::size_t>(
                        std::min(c, in.type.width - 1))]];
            s.width = in.type.width;
            return s;
        }
        if (in.op == ir::Op::Neg) {
            Source s = source(in.operands[0]);
            s.negate = !s.negate;
            return s;
        }
        if (in.op == ir::Op::BoolToFloat)
            return source(in.operands[0]);
        if (in.op == ir::Op::Abs && target_.isVp2()) { // |x| is a source modifier
            Source s = source(in.operands[0]);
            s.absolute = true;
            s.negate = false;
            return s;
        }
        const auto it = computed_.find(id);
        if (it == computed_.end())
            throw std::logic_error(
                fmt::format("vp code generation: %{} used before it is computed", id));
        return it->second;
    }
    Source constantSource(const ir::Instruction& in) {
        bool uniform = true;
        for (int c = 1; c < in.type.width; ++c)
            uniform = uniform && in.constant[static_cast<std::size_t>(c)] == in.constant[0];
        if (uniform) {
            Source s = literal(in.constant[0]);
            s.width = in.type.width;
            return s;
        }
        // A vector literal: its components wherever they are, gathered into a temporary.
        const int t = newTemporary();
        for (int c = 0; c < in.type.width; ++c)
            emit("MOV", {t, "", 1u << c}, {literal(in.constant[static_cast<std::size_t>(c)])});
        Source s;
        s.temporary = t;
        s.width = in.type.width;
        return s;
    }

    // A source read as `width` components: a scalar is replicated.
    Source widened(Source s, int width) {
        if (s.width == 1)
            s.swizzle = {s.swizzle[0], s.swizzle[0], s.swizzle[0], s.swizzle[0]};
        s.width = width;
        return s;
    }
    static Source component(Source s, int c) {
        const std::uint8_t from = s.swizzle[static_cast<std::size_t>(s.width == 1 ? 0 : c)];
        s.swizzle = {from, from, from, from};
        s.width = 1;
        return s;
    }

    // Where value id goes: its o[] register when an output is its only use, else a temporary.
    Destination destinationFor(ir::ValueId id) {
        const auto& users = uses_[id];
        const int width = at(id).type.width;
        Source result;
        result.width = width;
        if (const auto part = partOf_.find(id); part != partOf_.end()) {
            // Computed straight into its place in the construct that is its only use.
            Destination whole = constructDestination(part->second.first);
            whole.mask = maskOf(width);
            whole.shift += part->second.second; // within a construct that may itself be in place
            computed_[id] = result;             // never read again
            return whole;
        }
        if (users.size() == 1 && at(users[0]).op == ir::Op::Output) {
            outputsWritten_[users[0]] = true;
            noteOutput(at(users[0]).binding);
            computed_[id] = result; // never read again
            return {-1, at(users[0]).binding, maskOf(width)};
        }
        result.temporary = newTemporary();
        computed_[id] = result;
        return {result.temporary, "", maskOf(width)};
    }
    // A construct's destination, chosen when its first part is computed.
    Destination constructDestination(ir::ValueId construct) {
        if (const auto it = constructDestinations_.find(construct);
            it != constructDestinations_.end())
            return it->second;
        const Destination d = destinationFor(construct);
        constructDestinations_[construct] = d;
        return d;
    }

    // The parts that can be computed in place: used once, by a construct, and computed by an
    // instruction of their own (not views, not a product folded into a MAD).
    void findConstructParts() {
        for (const ir::ValueId id : function_.blocks[0].instructions) {
            const ir::Instruction& in = at(id);
            if (in.op != ir::Op::Construct)
                continue;
            int offset = 0;
            for (const ir::ValueId part : in.operands) {
                const ir::Op op = at(part).op;
                const bool view = op == ir::Op::Constant || op == ir::Op::Input ||
                                  op == ir::Op::Swizzle || op == ir::Op::Neg ||
                                  op == ir::Op::BoolToFloat ||
                                  (op == ir::Op::Abs && target_.isVp2());
                if (!view && uses_[part].size() == 1 && !foldsIntoMad(part) && op != ir::Op::Cross)
                    partOf_[part] = {id, offset};
                offset += at(part).type.width;
            }
        }
    }

    void noteOutput(const std::string& binding) {
        writesPosition_ = writesPosition_ || binding == "o[HPOS]";
    }

    // A multiply whose only use is an add or subtract is folded into it as a MAD (the first such
    // operand, when both are).
    bool singleUseProduct(ir::ValueId id, ir::ValueId user) const {
        const auto it = uses_.find(id);
        return at(id).op == ir::Op::Mul && it != uses_.end() && it->second.size() == 1 &&
               it->second[0] == user && at(user).type.width == at(id).type.width;
    }
    // Which operand of add-or-subtract `id` becomes the MAD's product, or -1.
    int madProduct(ir::ValueId id) const {
        const ir::Instruction& in = at(id);
        if (in.op != ir::Op::Add && in.op != ir::Op::Sub)
            return -1;
        for (int m = 0; m < 2; ++m)
            if (singleUseProduct(in.operands[static_cast<std::size_t>(m)], id))
                return m;
        return -1;
    }
    bool foldsIntoMad(ir::ValueId id) const {
        const auto it = uses_.find(id);
        if (it == uses_.end() || it->second.size() != 1)
            return false;
        const int m = madProduct(it->second[0]);
        return m >= 0 && at(it->second[0]).operands[static_cast<std::size_t>(m)] == id;
    }

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

    const VpTarget& target_;
    const ir::Function& function_;
    std::vector<ConstantSlot> slots_;
    std::map<int, int> literalsIn_;
    int openSlot_ = -1;
    int firstFreeSlot_ = 0;
    std::map<ir::ValueId, std::vector<ir::ValueId>> uses_;
    std::map<ir::ValueId, Source> computed_;
    std::map<ir::ValueId, bool> outputsWritten_;
    std::map<ir::ValueId, std::pair<ir::ValueId, int>> partOf_; // part -> its construct, offset
    std::map<ir::ValueId, Destination> constructDestinations_;
    ir::ValueId addressIndex_ = ir::kNoValue; // what A0.x holds: floor(index * stride)
    int addressStride_ = 0;
    MachineProgram program_;
    std::vector<slvm::Diagnostic> errors_;
    slvm::SourceLocation where_;
    bool writesPosition_ = false;
};

} // namespace

Generated VpTarget::generate(const ir::Function& function,
                             std::vector<ConstantSlot> uniformSlots) const {
    return CodeGenerator(*this, function, std::move(uniformSlots)).run();
}

} // namespace compiler::backends
