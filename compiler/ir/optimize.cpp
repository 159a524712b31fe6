// The optimiser's passes. Each walks the blocks in execution order, so an instruction's operands
// are always seen (and rewritten) before the instruction itself.
#include "compiler/ir/optimize.h"

#include "compiler/ir/fold.h"
#include "compiler/ir/verify.h"

#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace compiler::ir {

namespace {

// Where values were replaced: each use of `from` reads `to` instead.
class Replacements {
public:
    explicit Replacements(std::size_t size) : to_(size, kNoValue) {}
    void replace(ValueId from, ValueId to) { to_[static_cast<std::size_t>(from)] = to; }
    ValueId resolve(ValueId id) const {
        while (to_[static_cast<std::size_t>(id)] != kNoValue)
            id = to_[static_cast<std::size_t>(id)];
        return id;
    }
    void rewriteOperands(Instruction& instruction) const {
        for (ValueId& operand : instruction.operands)
            operand = resolve(operand);
    }

private:
    std::vector<ValueId> to_;
};

bool isConstant(const Function& function, ValueId id, float value) {
    const Instruction& instruction = function[id];
    if (instruction.op != Op::Constant)
        return false;
    for (int c = 0; c < instruction.type.width; ++c)
        if (instruction.constant[static_cast<std::size_t>(c)] != value)
            return false;
    return true;
}

// The simplest equal value for instruction `id`, or kNoValue when there is none to offer.
ValueId algebraicIdentity(const Function& function, ValueId id) {
    const Instruction& instruction = function[id];
    const auto& operands = instruction.operands;
    const auto sameType = [&](ValueId operand) {
        return function[operand].type == instruction.type;
    };
    switch (instruction.op) {
    case Op::Add:
        if (isConstant(function, operands[1], 0.0f) && sameType(operands[0]))
            return operands[0];
        if (isConstant(function, operands[0], 0.0f) && sameType(operands[1]))
            return operands[1];
        break;
    case Op::Sub:
        if (isConstant(function, operands[1], 0.0f) && sameType(operands[0]))
            return operands[0];
        break;
    case Op::Mul:
        if (isConstant(function, operands[1], 1.0f) && sameType(operands[0]))
            return operands[0];
        if (isConstant(function, operands[0], 1.0f) && sameType(operands[1]))
            return operands[1];
        break;
    case Op::Div:
        if (isConstant(function, operands[1], 1.0f) && sameType(operands[0]))
            return operands[0];
        break;
    case Op::Neg:
        if (function[operands[0]].op == Op::Neg)
            return function[operands[0]].operands[0];
        break;
    case Op::Floor: {
        // A whole number already: a floor, or a floor plus or minus whole numbers.
        const Instruction& x = function[operands[0]];
        const auto whole = [&](ValueId id) {
            const Instruction& v = function[id];
            if (v.op == Op::Floor)
                return true;
            if (v.op != Op::Constant)
                return false;
            for (int c = 0; c < v.type.width; ++c)
                if (std::floor(v.constant[static_cast<std::size_t>(c)]) !=
                    v.constant[static_cast<std::size_t>(c)])
                    return false;
            return true;
        };
        if (sameType(operands[0]) &&
            (x.op == Op::Floor || ((x.op == Op::Add || x.op == Op::Sub) && whole(x.operands[0]) &&
                                   whole(x.operands[1]))))
            return operands[0];
        break;
    }
    case Op::Select:
        if (operands[1] == operands[2] && sameType(operands[1]))
            return operands[1];
        break;
    // Bools are 0 or 1, never NaN: the identities of logic hold exactly.
    case Op::And:
        if (isConstant(function, operands[1], 1.0f) && sameType(operands[0]))
            return operands[0];
        if (isConstant(function, operands[0], 1.0f) && sameType(operands[1]))
            return operands[1];
        break;
    case Op::Or:
        if (isConstant(function, operands[1], 0.0f) && sameType(operands[0]))
            return operands[0];
        if (isConstant(function, operands[0], 0.0f) && sameType(operands[1]))
            return operands[1];
        break;
    case Op::Not:
        if (function[operands[0]].op == Op::Not)
            return function[operands[0]].operands[0];
        break;
    case Op::Phi:
        if (operands[0] == operands[1])
            return operands[0];
        break;
    default:
        break;
    }
    return kNoValue;
}

// Rewrites a swizzle of a swizzle as one swizzle, and a swizzle that takes one construct
// operand's components in order as that operand (or a swizzle of it).
bool simplifySwizzle(Function& function, Instruction& instruction) {
    Instruction& source = function[instruction.operands[0]];
    if (source.op == Op::Swizzle) {
        for (int c = 0; c < instruction.type.width; ++c)
            instruction.swizzle[static_cast<std::size_t>(c)] =
                source.swizzle[instruction.swizzle[static_cast<std::size_t>(c)]];
        instruction.operands[0] = source.operands[0];
        return true;
    }
    if (source.op != Op::Construct)
        return false;
    // Which operand of the construct (and which of its components) each component comes from.
    int part = -1;
    std::vector<int> components;
    for (int c = 0; c < instruction.type.width; ++c) {
        int index = instruction.swizzle[static_cast<std::size_t>(c)];
        int p = 0;
        while (index >= function[source.operands[static_cast<std::size_t>(p)]].type.width)
            index -= function[source.operands[static_cast<std::size_t>(p++)]].type.width;
        if (part != -1 && part != p)
            return false;
        part = p;
        components.push_back(index);
    }
    const ValueId operand = source.operands[static_cast<std::size_t>(part)];
    instruction.operands[0] = operand;
    for (std::size_t c = 0; c < components.size(); ++c)
        instruction.swizzle[c] = static_cast<std::uint8_t>(components[c]);
    return true;
}

// A construct of single components of one value, in any order, is a swizzle of it.
bool constructAsSwizzle(Function& function, Instruction& instruction) {
    ValueId source = kNoValue;
    std::array<std::uint8_t, 4> swizzle{};
    for (std::size_t i = 0; i < instruction.operands.size(); ++i) {
        const Instruction& part = function[instruction.operands[i]];
        ValueId from = instruction.operands[i];
        std::uint8_t component = 0;
        if (part.op == Op::Swizzle && part.type.width == 1) {
            from = part.operands[0];
            component = part.swizzle[0];
        } else if (part.type.width != 1) {
            return false;
        }
        if (source != kNoValue && source != from)
            return false;
        source = from;
        swizzle[i] = component;
    }
    if (function[source].type.scalar != instruction.type.scalar)
        return false;
    instruction.op = Op::Swizzle;
    instruction.operands = {source};
    instruction.swizzle = swizzle;
    return true;
}

struct SimplifyPass {
    Function& function;
    Replacements replacements;
    bool changed = false;

    void makeConstant(Instruction& instruction, const Components& value) {
        instruction.op = Op::Constant;
        instruction.constant = value;
        for (int c = instruction.type.width; c < 4; ++c)
            instruction.constant[static_cast<std::size_t>(c)] = 0.0f;
        instruction.operands.clear();
        changed = true;
    }

    void fold(ValueId id) {
        Instruction& instruction = function[id];
        if (const auto value = foldConstants(function, instruction))
            makeConstant(instruction, *value);
    }

    // An If on a constant condition becomes the block that runs; If(!x) runs its blocks the
    // other way round on x; an If right after another on the same condition (the code after a
    // conditional return) joins it, so the test is made once.
    void simplifyIf(ValueId id, std::vector<ValueId>& kept) {
        Instruction& instruction = function[id];
        if (function[instruction.operands[0]].op == Op::Not) {
            instruction.operands[0] = function[instruction.operands[0]].operands[0];
            std::swap(instruction.thenBlock, instruction.elseBlock);
            swapped_.insert(id);
            changed = true;
        }
        const ValueId condition = instruction.operands[0];
        if (function[condition].op == Op::Constant) {
            const bool taken = function[condition].constant[0] != 0.0f;
            for (const ValueId inner : run(taken ? instruction.thenBlock : instruction.elseBlock))
                kept.push_back(inner);
            pendingPhiSide_[id] = taken ? 0 : 1;
            lastIf_ = kNoValue;
            changed = true;
            return;
        }
        for (const BlockId side : {instruction.thenBlock, instruction.elseBlock})
            function.blocks[static_cast<std::size_t>(side)].instructions = run(side);
        if (lastIf_ != kNoValue && function[lastIf_].operands[0] == condition) {
            Instruction& previous = function[lastIf_];
            for (int side = 0; side < 2; ++side) {
                const BlockId from = side == 0 ? instruction.thenBlock : instruction.elseBlock;
                const BlockId to = side == 0 ? previous.thenBlock : previous.elseBlock;
                readThroughPhis(from, lastIf_, side);
                auto& target = function.blocks[static_cast<std::size_t>(to)].instructions;
                const auto& moved = function.blocks[static_cast<std::size_t>(from)].instructions;
                target.insert(target.end(), moved.begin(), moved.end());
            }
            mergedInto_[id] = lastIf_;
            changed = true;
            return;
        }
        kept.push_back(id);
        lastIf_ = id;
    }

    // Inside one side of `region`'s blocks, its Phis are that side's values.
    void readThroughPhis(BlockId block, ValueId region, int side) {
        for (const ValueId id : function.blocks[static_cast<std::size_t>(block)].instructions) {
            Instruction& instruction = function[id];
            for (ValueId& operand : instruction.operands)
                if (function[operand].op == Op::Phi && function[operand].region == region)
                    operand = function[operand].operands[static_cast<std::size_t>(side)];
            if (instruction.op == Op::If)
                for (const BlockId inner : {instruction.thenBlock, instruction.elseBlock})
                    readThroughPhis(inner, region, side);
        }
    }

    // Returns true when the Phi is gone (its If's condition was constant).
    bool simplifyPhi(ValueId id, std::vector<ValueId>& kept) {
        Instruction& instruction = function[id];
        if (const auto side = pendingPhiSide_.find(instruction.region);
            side != pendingPhiSide_.end()) {
            replacements.replace(id, instruction.operands[static_cast<std::size_t>(side->second)]);
            changed = true;
            return true;
        }
        if (swapped_.count(instruction.region))
            std::swap(instruction.operands[0], instruction.operands[1]);
        if (const auto merged = mergedInto_.find(instruction.region); merged != mergedInto_.end()) {
            instruction.region = merged->second;
            for (std::size_t side = 0; side < 2; ++side) {
                ValueId& operand = instruction.operands[side];
                if (function[operand].op == Op::Phi && function[operand].region == merged->second)
                    operand = function[operand].operands[side];
            }
        }
        if (const ValueId same = algebraicIdentity(function, id); same != kNoValue) {
            replacements.replace(id, same);
            changed = true;
            return true;
        }
        // A bool that is true exactly when the then-block ran is the If's condition.
        if (instruction.type == boolType(1) &&
            isConstant(function, instruction.operands[0], 1.0f) &&
            isConstant(function, instruction.operands[1], 0.0f)) {
            replacements.replace(id, function[instruction.region].operands[0]);
            changed = true;
            return true;
        }
        kept.push_back(id);
        return true;
    }

    std::vector<ValueId> run(BlockId block) {
        const ValueId outerIf = lastIf_; // each block has its own sequence of Ifs
        lastIf_ = kNoValue;
        std::vector<ValueId> kept;
        for (const ValueId id : function.blocks[static_cast<std::size_t>(block)].instructions) {
            Instruction& instruction = function[id];
            replacements.rewriteOperands(instruction);
            if (instruction.op == Op::If) {
                simplifyIf(id, kept);
                continue;
            }
            if (instruction.op == Op::Phi && simplifyPhi(id, kept))
                continue;
            lastIf_ = kNoValue;
            if (instruction.op == Op::Swizzle && simplifySwizzle(function, instruction))
                changed = true;
            if (instruction.op == Op::Construct && constructAsSwizzle(function, instruction))
                changed = true;
            if (instruction.op == Op::Swizzle &&
                function[instruction.operands[0]].type == instruction.type) {
                bool identity = true;
                for (int c = 0; c < instruction.type.width; ++c)
                    identity = identity && instruction.swizzle[static_cast<std::size_t>(c)] == c;
                if (identity) {
                    replacements.replace(id, instruction.operands[0]);
                    changed = true;
                    continue;
                }
            }
            if (hasTrait(instruction.op, kPure))
                fold(id);
            if (const ValueId same = algebraicIdentity(function, id); same != kNoValue) {
                replacements.replace(id, same);
                changed = true;
                continue;
            }
            kept.push_back(id);
        }
        lastIf_ = outerIf;
        return kept;
    }

    std::map<ValueId, int> pendingPhiSide_{};
    std::set<ValueId> swapped_{};
    std::map<ValueId, ValueId> mergedInto_{};
    ValueId lastIf_ = kNoValue; // the If just before, with only its Phis since
};

// The identity of a pure instruction for CSE: equal keys compute equal values.
using Key = std::tuple<Op, int, int, std::vector<ValueId>, Components, std::array<std::uint8_t, 4>,
                       std::string, int>;

Key keyOf(const Instruction& instruction) {
    return {instruction.op,         static_cast<int>(instruction.type.scalar),
            instruction.type.width, instruction.operands,
            instruction.constant,   instruction.swizzle,
            instruction.binding,    instruction.unit};
}

struct CsePass {
    Function& function;
    Replacements replacements;
    bool changed = false;

    void run(BlockId block, std::map<Key, ValueId> available) {
        std::vector<ValueId> kept;
        for (const ValueId id : function.blocks[static_cast<std::size_t>(block)].instructions) {
            Instruction& instruction = function[id];
            replacements.rewriteOperands(instruction);
            if (instruction.op == Op::If) {
                run(instruction.thenBlock, available);
                run(instruction.elseBlock, available);
            } else if (hasTrait(instruction.op, kPure)) {
                const auto [it, inserted] = available.emplace(keyOf(instruction), id);
                if (!inserted) {
                    replacements.replace(id, it->second);
                    changed = true;
                    continue;
                }
            }
            kept.push_back(id);
        }
        function.blocks[static_cast<std::size_t>(block)].instructions = std::move(kept);
    }
};

struct DcePass {
    Function& function;
    std::vector<bool> live;

    // Marks the values block's effects need; returns whether the block does anything.
    bool mark(BlockId block) {
        bool any = false;
        const auto& instructions = function.blocks[static_cast<std::size_t>(block)].instructions;
        // Backwards: a use is marked before its definition is reached.
        for (auto it = instructions.rbegin(); it != instructions.rend(); ++it) {
            const ValueId id = *it;
            Instruction& instruction = function[id];
            bool needed = live[static_cast<std::size_t>(id)] ||
                          (!hasTrait(instruction.op, kPure) && instruction.op != Op::If &&
                           instruction.op != Op::Phi);
            if (instruction.op == Op::If) {
                const bool thenDoes = mark(instruction.thenBlock);
                const bool elseDoes = mark(instruction.elseBlock);
                needed = needed || thenDoes || elseDoes;
            }
            if (!needed)
                continue;
            live[static_cast<std::size_t>(id)] = true;
            any = true;
            if (instruction.op == Op::Phi)
                live[static_cast<std::size_t>(instruction.region)] = true;
            for (const ValueId operand : instruction.operands)
                live[static_cast<std::size_t>(operand)] = true;
        }
        return any;
    }

    bool sweep(BlockId block) {
        bool changed = false;
        auto& instructions = function.blocks[static_cast<std::size_t>(block)].instructions;
        std::vector<ValueId> kept;
        for (const ValueId id : instructions) {
            if (!live[static_cast<std::size_t>(id)]) {
                changed = true;
                continue;
            }
            if (function[id].op == Op::If) {
                // Both branches are swept, whatever the first reports.
                const bool thenChanged = sweep(function[id].thenBlock);
                const bool elseChanged = sweep(function[id].elseBlock);
                changed = thenChanged || elseChanged || changed;
            }
            kept.push_back(id);
        }
        instructions = std::move(kept);
        return changed;
    }
};

void flattenBlock(Function& function, BlockId block) {
    std::vector<ValueId> flat;
    std::map<ValueId, ValueId> conditions; // If -> its condition
    for (const ValueId id : function.blocks[static_cast<std::size_t>(block)].instructions) {
        Instruction& instruction = function[id];
        if (instruction.op == Op::If) {
            flattenBlock(function, instruction.thenBlock);
            flattenBlock(function, instruction.elseBlock);
            for (const BlockId side : {instruction.thenBlock, instruction.elseBlock})
                for (const ValueId inner :
                     function.blocks[static_cast<std::size_t>(side)].instructions)
                    flat.push_back(inner);
            conditions[id] = instruction.operands[0];
            continue;
        }
        if (instruction.op == Op::Phi) {
            instruction.op = Op::Select;
            instruction.operands.insert(instruction.operands.begin(),
                                        conditions.at(instruction.region));
            instruction.region = kNoValue;
        }
        flat.push_back(id);
    }
    function.blocks[static_cast<std::size_t>(block)].instructions = std::move(flat);
}

} // namespace

bool simplify(Function& function) {
    SimplifyPass pass{function, Replacements(function.values.size())};
    function.blocks[0].instructions = pass.run(0);
    return pass.changed;
}

bool eliminateCommonSubexpressions(Function& function) {
    CsePass pass{function, Replacements(function.values.size())};
    pass.run(0, {});
    return pass.changed;
}

bool eliminateDeadCode(Function& function) {
    DcePass pass{function, std::vector<bool>(function.values.size(), false)};
    pass.mark(0);
    return pass.sweep(0);
}

void optimize(Function& function) {
    // Each pass can expose work for the others; a program of a few hundred instructions settles
    // in a handful of rounds, and the bound keeps a pathological one from looping.
    // The verifier runs after every pass: a broken invariant is reported at the pass that broke
    // it (it costs a walk over a few hundred instructions).
    for (int round = 0; round < 32; ++round) {
        bool changed = simplify(function);
        verify(function, "simplify");
        changed = eliminateCommonSubexpressions(function) || changed;
        verify(function, "eliminateCommonSubexpressions");
        changed = eliminateDeadCode(function) || changed;
        verify(function, "eliminateDeadCode");
        if (!changed)
            break;
    }
}

void flattenIfs(Function& function) {
    flattenBlock(function, 0);
    verify(function, "flattenIfs");
}

} // namespace compiler::ir
