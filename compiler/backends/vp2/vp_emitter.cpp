// The vertex-program code generator's operands: views, literals, destinations and MAD folding.
#include "compiler/backends/vp2/vp_emitter.h"

#include "compiler/backends/program_literal.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace compiler::backends::vp_code {

VpEmitter::VpEmitter(const VpTarget& target, const ir::Function& function,
                     std::vector<ConstantSlot> slots)
    : target_(target), function_(function), slots_(std::move(slots)) {
    for (const ConstantSlot& slot : slots_)
        firstFreeSlot_ = std::max(firstFreeSlot_, slot.index + 1);
    countUses();
    findConstructParts();
}

void VpEmitter::error(const slvm::SourceLocation& where, std::string message) {
    errors_.emplace_back(slvm::Severity::Error, where, std::move(message));
}

const ir::Instruction& VpEmitter::at(ir::ValueId id) const {
    return function_[id];
}

void VpEmitter::countUses() {
    for (const ir::ValueId id : function_.blocks[0].instructions)
        for (const ir::ValueId operand : at(id).operands)
            uses_[operand].push_back(id);
}

int VpEmitter::newTemporary() {
    return program_.newTemporary();
}

void VpEmitter::emit(std::string opcode, Destination destination, std::vector<Source> sources) {
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

unsigned VpEmitter::maskOf(int width) {
    return (1u << width) - 1u;
}

// d writing only the components of `mask` (before its shift).
Destination VpEmitter::masked(Destination d, unsigned mask) {
    d.mask = mask;
    return d;
}

// A slot component holding `value`: literals are shared and packed four to a register.
Source VpEmitter::literal(float written) {
    const float value = programLiteral(written);
    for (const ConstantSlot& slot : slots_)
        if (slot.name.empty())
            for (int c = 0; c < literalsIn_[slot.index]; ++c)
                if (slot.value[static_cast<std::size_t>(c)] == value &&
                    !std::signbit(value) == !std::signbit(slot.value[static_cast<std::size_t>(c)]))
                    return scalarSource(slot.index, c);
    if (openSlot_ < 0 || literalsIn_[openSlot_] == 4) {
        openSlot_ = firstFreeSlot_++;
        if (openSlot_ >= target_.constantRegisters())
            error(where_,
                  fmt::format("the program needs more than the {} constant registers of profile {}",
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

Source VpEmitter::scalarSource(int slot, int component) {
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
Source VpEmitter::source(ir::ValueId id) {
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
                base.swizzle[in.swizzle[static_cast<std::size_t>(std::min(c, in.type.width - 1))]];
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

Source VpEmitter::constantSource(const ir::Instruction& in) {
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
Source VpEmitter::widened(Source s, int width) {
    if (s.width == 1)
        s.swizzle = {s.swizzle[0], s.swizzle[0], s.swizzle[0], s.swizzle[0]};
    s.width = width;
    return s;
}

Source VpEmitter::component(Source s, int c) {
    const std::uint8_t from = s.swizzle[static_cast<std::size_t>(s.width == 1 ? 0 : c)];
    s.swizzle = {from, from, from, from};
    s.width = 1;
    return s;
}

// Where value id goes: its o[] register when an output is its only use, else a temporary.
Destination VpEmitter::destinationFor(ir::ValueId id) {
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
Destination VpEmitter::constructDestination(ir::ValueId construct) {
    if (const auto it = constructDestinations_.find(construct); it != constructDestinations_.end())
        return it->second;
    const Destination d = destinationFor(construct);
    constructDestinations_[construct] = d;
    return d;
}

// The parts that can be computed in place: used once, by a construct, and computed by an
// instruction of their own (not views, not a product folded into a MAD).
void VpEmitter::findConstructParts() {
    for (const ir::ValueId id : function_.blocks[0].instructions) {
        const ir::Instruction& in = at(id);
        if (in.op != ir::Op::Construct)
            continue;
        int offset = 0;
        for (const ir::ValueId part : in.operands) {
            const ir::Op op = at(part).op;
            const bool view = op == ir::Op::Constant || op == ir::Op::Input ||
                              op == ir::Op::Swizzle || op == ir::Op::Neg ||
                              op == ir::Op::BoolToFloat || (op == ir::Op::Abs && target_.isVp2());
            if (!view && uses_[part].size() == 1 && !foldsIntoMad(part) && op != ir::Op::Cross)
                partOf_[part] = {id, offset};
            offset += at(part).type.width;
        }
    }
}

void VpEmitter::noteOutput(const std::string& binding) {
    writesPosition_ = writesPosition_ || binding == "o[HPOS]";
}

// A multiply whose only use is an add or subtract is folded into it as a MAD (the first such
// operand, when both are).
bool VpEmitter::singleUseProduct(ir::ValueId id, ir::ValueId user) const {
    const auto it = uses_.find(id);
    return at(id).op == ir::Op::Mul && it != uses_.end() && it->second.size() == 1 &&
           it->second[0] == user && at(user).type.width == at(id).type.width;
}

// Which operand of add-or-subtract `id` becomes the MAD's product, or -1.
int VpEmitter::madProduct(ir::ValueId id) const {
    const ir::Instruction& in = at(id);
    if (in.op != ir::Op::Add && in.op != ir::Op::Sub)
        return -1;
    for (int m = 0; m < 2; ++m)
        if (singleUseProduct(in.operands[static_cast<std::size_t>(m)], id))
            return m;
    return -1;
}

bool VpEmitter::foldsIntoMad(ir::ValueId id) const {
    const auto it = uses_.find(id);
    if (it == uses_.end() || it->second.size() != 1)
        return false;
    const int m = madProduct(it->second[0]);
    return m >= 0 && at(it->second[0]).operands[static_cast<std::size_t>(m)] == id;
}

} // namespace compiler::backends::vp_code
