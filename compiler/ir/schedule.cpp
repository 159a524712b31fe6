// Scheduling for register pressure: each value's dependencies within its block (a value of an
// enclosing block read inside an If's blocks is a dependency of that If), the registers each
// value's evaluation needs, then one emission per block, needier operands first.
#include "compiler/ir/schedule.h"

#include "compiler/ir/verify.h"

#include <algorithm>

namespace compiler::ir {

namespace {

// Registers held or needed, counted apart for vectors and scalars; ordered vectors first, as a
// target's vectors are the scarcer (SL has five, and its scalars can spill to their w).
struct Registers {
    int vectors = 0, scalars = 0;
    Registers operator+(Registers other) const {
        return {vectors + other.vectors, scalars + other.scalars};
    }
    Registers operator-(Registers other) const {
        return {vectors - other.vectors, scalars - other.scalars};
    }
    auto operator<=>(const Registers&) const = default;
};

Registers largest(Registers a, Registers b) {
    return {std::max(a.vectors, b.vectors), std::max(a.scalars, b.scalars)};
}

// What a value occupies while it is alive: inputs are read where they are and constants are
// loaded where they are used, so neither holds a register of its own.
Registers held(const Instruction& in) {
    if (in.op == Op::Constant || in.op == Op::Input || in.type.isVoid())
        return {};
    return {in.type.width > 1 ? 1 : 0, in.type.width == 1 || in.type.width == 4 ? 1 : 0};
}

class Scheduler {
public:
    explicit Scheduler(Function& function)
        : function_(function), nodes_(function.values.size()), blockOf_(function.values.size(), -1),
          ifOwning_(function.blocks.size(), kNoValue) {
        // The blocks still in use, from block 0 down (passes leave the others behind).
        for (std::size_t next = 0; next < reached_.size(); ++next)
            for (const ValueId id : instructions(reached_[next])) {
                blockOf_[index(id)] = reached_[next];
                if (function[id].op == Op::If)
                    for (const BlockId side : {function[id].thenBlock, function[id].elseBlock}) {
                        ifOwning_[static_cast<std::size_t>(side)] = id;
                        reached_.push_back(side);
                    }
            }
        for (const BlockId block : reached_)
            for (const ValueId id : instructions(block))
                findDependencies(id);
        for (const BlockId block : reached_)
            for (const ValueId id : instructions(block))
                for (const ValueId dependency : nodes_[index(id)].dependencies)
                    ++nodes_[index(dependency)].unplacedUsers;
    }

    bool run() {
        bool changed = false;
        for (const BlockId block : reached_) {
            std::vector<ValueId> order = schedule(instructions(block));
            changed = changed || order != instructions(block);
            function_.blocks[static_cast<std::size_t>(block)].instructions = std::move(order);
        }
        return changed;
    }

private:
    struct Node {
        std::vector<ValueId> dependencies; // in its block, each once, in operand order
        std::vector<ValueId> users;        // the instructions of its block that depend on it
        std::vector<ValueId> phis;         // an If's
        int unplacedUsers = 0;
        bool escapes = false; // read after its block ends, by a Phi
        bool placed = false;
        Registers need;                 // to evaluate it and what it depends on
        std::vector<ValueId> evaluated; // its dependencies in the order to evaluate them
    };

    static std::size_t index(ValueId id) { return static_cast<std::size_t>(id); }
    const std::vector<ValueId>& instructions(BlockId block) const {
        return function_.blocks[static_cast<std::size_t>(block)].instructions;
    }
    Node& node(ValueId id) { return nodes_[index(id)]; }

    void depend(ValueId user, ValueId on) {
        std::vector<ValueId>& list = node(user).dependencies;
        if (std::find(list.begin(), list.end(), on) == list.end()) {
            list.push_back(on);
            node(on).users.push_back(user);
        }
    }

    // Each operand is a dependency of the instruction of its own block that encloses the use:
    // the user itself, or the If whose blocks hold it. A Phi's operand from the If's block is
    // the If's dependency too, so that nothing comes between the If and its Phis.
    void findDependencies(ValueId user) {
        const Instruction& in = function_[user];
        for (std::size_t k = 0; k < in.operands.size(); ++k) {
            const ValueId operand = in.operands[k];
            const BlockId defined = blockOf_[index(operand)];
            if (in.op == Op::Phi) {
                if (k == 0)
                    node(in.region).phis.push_back(user);
                const Instruction& region = function_[in.region];
                if (defined == (k == 0 ? region.thenBlock : region.elseBlock)) {
                    node(operand).escapes = true;
                    continue;
                }
                if (defined == blockOf_[index(user)])
                    depend(in.region, operand);
            }
            ValueId enclosing = user;
            while (blockOf_[index(enclosing)] != defined)
                enclosing = ifOwning_[static_cast<std::size_t>(blockOf_[index(enclosing)])];
            depend(enclosing, operand);
        }
    }

    static bool movable(const Instruction& in) { return hasTrait(in.op, kPure); }

    // Sethi-Ullman numbers in block order (dependencies come first): evaluating the
    // dependencies in decreasing order of need less what they then hold needs the fewest
    // registers; dependencies that cannot move were computed before and cost nothing more.
    void number(const std::vector<ValueId>& block) {
        for (const ValueId id : block) {
            Node& n = node(id);
            for (const ValueId dependency : n.dependencies)
                if (movable(function_[dependency]))
                    n.evaluated.push_back(dependency);
            std::stable_sort(n.evaluated.begin(), n.evaluated.end(), [&](ValueId a, ValueId b) {
                return node(a).need - held(function_[a]) > node(b).need - held(function_[b]);
            });
            Registers alive, peak = held(function_[id]);
            for (const ValueId dependency : n.evaluated) {
                peak = largest(peak, alive + node(dependency).need);
                alive = alive + held(function_[dependency]);
            }
            n.need = largest(peak, alive);
        }
    }

    std::vector<ValueId> schedule(const std::vector<ValueId>& block) {
        number(block);
        order_.clear();
        for (const ValueId id : block)
            if (node(id).dependencies.empty() && worthPlacingNow(id))
                append(id);
        for (const ValueId id : block)
            if (!movable(function_[id]))
                place(id);
        // What no later instruction of the block reads: values a Phi reads after the block.
        for (const ValueId id : block)
            place(id);
        return std::move(order_);
    }

    // `root` after whatever it depends on that is not yet placed, depth first, each
    // instruction's dependencies in their evaluation order.
    void place(ValueId root) {
        std::vector<std::pair<ValueId, std::size_t>> pending{{root, 0}};
        while (!pending.empty()) {
            const auto [id, next] = pending.back();
            const Node& n = node(id);
            if (n.placed) {
                pending.pop_back();
            } else if (next < n.evaluated.size()) {
                ++pending.back().second;
                pending.emplace_back(n.evaluated[next], 0);
            } else {
                pending.pop_back();
                append(id);
            }
        }
    }

    // Places `id`, and then whatever that lets be computed at no cost in registers.
    void append(ValueId id) {
        std::vector<ValueId> ready{id};
        while (!ready.empty()) {
            const ValueId next = ready.back();
            ready.pop_back();
            if (node(next).placed)
                continue;
            std::vector<ValueId> placed{next}; // and an If's Phis, which follow it at once
            placed.insert(placed.end(), node(next).phis.begin(), node(next).phis.end());
            for (const ValueId each : placed)
                put(each);
            for (const ValueId each : placed)
                for (const ValueId candidate : touchedBy(each))
                    if (worthPlacingNow(candidate))
                        ready.push_back(candidate);
        }
    }

    void put(ValueId id) {
        node(id).placed = true;
        order_.push_back(id);
        for (const ValueId dependency : node(id).dependencies)
            --node(dependency).unplacedUsers;
    }

    // The instructions that placing `id` may have made ready, or the last reader of a value.
    std::vector<ValueId> touchedBy(ValueId id) {
        std::vector<ValueId> touched = node(id).users;
        for (const ValueId dependency : node(id).dependencies)
            touched.insert(touched.end(), node(dependency).users.begin(),
                           node(dependency).users.end());
        return touched;
    }

    // Whether `id` can be computed now, and computing it now costs no register: it holds none
    // (a constant, an input), or it is the last to read values that hold more than it does.
    bool worthPlacingNow(ValueId id) {
        const Node& n = node(id);
        if (n.placed || !movable(function_[id]))
            return false;
        Registers freed;
        for (const ValueId dependency : n.dependencies) {
            const Node& d = node(dependency);
            if (!d.placed)
                return false;
            if (d.unplacedUsers == 1 && !d.escapes)
                freed = freed + held(function_[dependency]);
        }
        const Registers result = held(function_[id]);
        return result == Registers{} || result < freed;
    }

    Function& function_;
    std::vector<Node> nodes_;
    std::vector<BlockId> blockOf_;
    std::vector<ValueId> ifOwning_; // block -> the If that runs it
    std::vector<BlockId> reached_{0};
    std::vector<ValueId> order_;
};

} // namespace

bool scheduleForRegisters(Function& function) {
    const bool changed = Scheduler(function).run();
    verify(function, "scheduleForRegisters");
    return changed;
}

} // namespace compiler::ir
