// Operand access for the SL code generator: constants loaded where they are used, components
// extracted with movc and written with lc, values built in the register of an operand that dies.
#include "compiler/backends/sl/sl_emitter.h"

#include "compiler/backends/program_literal.h"

#include <algorithm>
#include <fmt/format.h>

namespace compiler::backends::sl_code {

Operand Emitter::newRegister(RegisterClass kind) {
    classes_.push_back(kind);
    return Operand{{}, static_cast<int>(classes_.size() - 1), kind == RegisterClass::Vector};
}

void Emitter::emit(std::string mnemonic, std::vector<Operand> operands, std::string component,
                   std::string immediate) {
    code_.push_back({std::move(mnemonic), std::move(component), std::move(operands),
                     std::move(immediate), -1, where_});
}

void Emitter::place(int label) {
    code_.push_back({"", "", {}, "", label, where_});
}

void Emitter::jump(const std::string& mnemonic, std::vector<Operand> operands, int label) {
    emit(mnemonic, std::move(operands), {}, fmt::format("L{}", label));
}

std::string Emitter::number(float value) {
    return fmt::format("{}", programLiteral(value));
}

Operand Emitter::component(ir::ValueId id, int c) {
    const ir::Instruction& instruction = at(id);
    if (instruction.type.width == 1)
        c = 0;
    if (readWhereUsed(id)) {
        const auto [source, k] = sourceOf(id, c);
        return component(source, k);
    }
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

Operand Emitter::vector(ir::ValueId id, std::optional<Operand>& spare) {
    const ir::Instruction& instruction = at(id);
    const auto built = [&] {
        const Operand t = spare ? *spare : newRegister(RegisterClass::Vector);
        spare.reset();
        return t;
    };
    if (instruction.op == ir::Op::Constant) {
        const Operand t = built();
        for (int c = 0; c < std::min(3, instruction.type.width == 1 ? 3 : instruction.type.width);
             ++c)
            emit("liv", {t}, std::string(1, kComponents[c]),
                 number(instruction.constant[static_cast<std::size_t>(
                     instruction.type.width == 1 ? 0 : c)]));
        return t;
    }
    if (readWhereUsed(id)) {
        const Operand t = built();
        for (int c = 0; c < std::min(3, instruction.type.width); ++c)
            emit("lc", {t, component(id, c)}, std::string(1, kComponents[c]));
        return t;
    }
    const Location& location = locations_.at(id);
    if (location.width > 1)
        return location.vector;
    const Operand t = built();
    for (int c = 0; c < 3; ++c)
        emit("lc", {t, location.scalar}, std::string(1, kComponents[c]));
    return t;
}

bool Emitter::readWhereUsed(ir::ValueId id) const {
    const ir::Instruction& in = at(id);
    if (!frugal_ || (in.op != ir::Op::Swizzle && in.op != ir::Op::Construct) || aliasesOperand(id))
        return false;
    return std::ranges::all_of(in.operands, [&](ir::ValueId operand) {
        const ir::Op op = at(operand).op;
        return op == ir::Op::Input || op == ir::Op::Constant || readWhereUsed(operand);
    });
}

std::pair<ir::ValueId, int> Emitter::sourceOf(ir::ValueId id, int c) const {
    const ir::Instruction& in = at(id);
    if (in.op == ir::Op::Swizzle)
        return {in.operands[0], in.swizzle[static_cast<std::size_t>(c)]};
    for (const ir::ValueId part : in.operands) {
        if (c < widthOf(part))
            return {part, c};
        c -= widthOf(part);
    }
    return {in.operands.back(), 0}; // not reached: a constructor has a part for each component
}

Location Emitter::newLocation(int width) {
    Location location;
    location.width = width;
    if (width > 1)
        location.vector = newRegister(RegisterClass::Vector);
    if (width == 1 || width == 4)
        location.scalar = newRegister(RegisterClass::Scalar);
    return location;
}

void Emitter::assemble(ir::ValueId id, const std::function<Operand(int)>& componentOf,
                       ir::ValueId inPlace, const std::vector<bool>& kept) {
    const int width = widthOf(id);
    Location location;
    location.width = width;
    if (width > 1)
        location.vector = inPlace == ir::kNoValue ? newRegister(RegisterClass::Vector)
                                                  : locations_.at(inPlace).vector;
    for (int c = 0; c < width; ++c) {
        if (c < static_cast<int>(kept.size()) && kept[static_cast<std::size_t>(c)])
            continue;
        const Operand part = componentOf(c);
        if (width == 1 || c == 3)
            location.scalar = part; // the scalar the computation left: no copy
        else
            emit("lc", {location.vector, part}, std::string(1, kComponents[c]));
    }
    locations_[id] = location;
}

void Emitter::gather(ir::ValueId id) {
    const int width = widthOf(id);
    std::vector<std::pair<ir::ValueId, int>> sources;
    std::vector<ir::ValueId> values;
    for (int c = 0; c < width; ++c) {
        sources.push_back(sourceOf(id, c));
        values.push_back(sources.back().first);
    }
    const ir::ValueId target = width > 1 ? lastReadVector(values) : ir::kNoValue;
    // Which of the target's xyz component c reads (or -1), and which components the target
    // already holds.
    const auto targetComponent = [&](int c) {
        const auto& [value, k] = sources[static_cast<std::size_t>(c)];
        return target != ir::kNoValue && k < 3 && widthOf(value) > 1 &&
                       registerOf(value) == registerOf(target)
                   ? k
                   : -1;
    };
    std::vector<bool> kept(static_cast<std::size_t>(width));
    for (int c = 0; c < std::min(width, 3); ++c)
        kept[static_cast<std::size_t>(c)] = targetComponent(c) == c;
    // A component of the target that an earlier component of the result overwrites is read
    // before anything is written.
    std::map<int, Operand> early;
    for (int c = 0; c < width; ++c)
        if (const int k = targetComponent(c);
            k >= 0 && k < c && k < width && !kept[static_cast<std::size_t>(k)])
            early.emplace(c, component(sources[static_cast<std::size_t>(c)].first, k));
    assemble(
        id,
        [&](int c) {
            const auto it = early.find(c);
            return it != early.end() ? it->second
                                     : component(sources[static_cast<std::size_t>(c)].first,
                                                 sources[static_cast<std::size_t>(c)].second);
        },
        target, kept);
}

void Emitter::lessThanSelect(Operand a, Operand b, const std::function<void(bool)>& setTo) {
    const int taken = newLabel(), end = newLabel();
    jump("blt", {a, b}, taken);
    setTo(false);
    jump("jmp", {}, end);
    place(taken);
    setTo(true);
    place(end);
}

void Emitter::copyInto(const Location& location, ir::ValueId id) {
    const ir::Instruction& value = at(id);
    const int width = location.width;
    if (value.op == ir::Op::Constant) {
        const auto c = [&](int k) {
            return number(value.constant[static_cast<std::size_t>(value.type.width == 1 ? 0 : k)]);
        };
        if (width > 1)
            for (int k = 0; k < std::min(width, 3); ++k)
                emit("liv", {location.vector}, std::string(1, kComponents[k]), c(k));
        if (width == 1 || width == 4)
            emit("li", {location.scalar}, {}, c(width == 1 ? 0 : 3));
        return;
    }
    std::optional<Operand> spare = location.vector;
    if (width > 1)
        emit("mov", {location.vector, vector(id, spare)});
    if (width == 1 || width == 4)
        emit("mov", {location.scalar, component(id, width == 1 ? 0 : 3)});
}

bool Emitter::aliasesOperand(ir::ValueId id) const {
    const ir::Instruction& in = at(id);
    const int width = in.type.width;
    if (in.op != ir::Op::Swizzle || width < 2 || width > 3 ||
        at(in.operands[0]).op == ir::Op::Constant || readWhereUsed(in.operands[0]) ||
        widthOf(in.operands[0]) < 2)
        return false;
    for (int c = 0; c < width; ++c)
        if (in.swizzle[static_cast<std::size_t>(c)] != c)
            return false;
    return true;
}

ir::ValueId Emitter::registerOf(ir::ValueId id) const {
    return aliasesOperand(id) ? registerOf(at(id).operands[0]) : id;
}

void Emitter::countReads(ir::BlockId id, const std::function<bool(ir::ValueId)>& fused) {
    for (const ir::ValueId value : function_.blocks[static_cast<std::size_t>(id)].instructions) {
        const ir::Instruction& in = at(value);
        if (!fused(value))
            for (const ir::ValueId operand : in.operands)
                ++readsLeft_[registerOf(operand)];
        if (in.op == ir::Op::If) {
            countReads(in.thenBlock, fused);
            countReads(in.elseBlock, fused);
        }
    }
}

ir::ValueId Emitter::lastReadVector(const std::vector<ir::ValueId>& candidates) const {
    for (const ir::ValueId id : candidates) {
        const auto location = locations_.find(id);
        const auto left = readsLeft_.find(registerOf(id));
        if (widthOf(id) > 1 && location != locations_.end() &&
            location->second.vector.virtualRegister >= 0 && left != readsLeft_.end() &&
            left->second == 0)
            return id;
    }
    return ir::kNoValue;
}

} // namespace compiler::backends::sl_code
