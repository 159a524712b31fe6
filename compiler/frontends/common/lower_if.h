// The lowering of `if` that both front ends share. Each keeps its variables in a State value
// (names bound to SSA values), so an if lowers each side from a copy of the state before it and
// joins the two sides' states with Phis after it: how SSA form falls out of structured code.
#pragma once

#include "compiler/ir/ir.h"

#include <functional>

namespace compiler::frontends {

// Lowers `if (test) thenPart else elsePart` (either part may be empty). On a constant test only
// the side it takes is lowered, where the code is. Otherwise an If on `test`, each side lowered
// into its own block from the state before the if, and `merge` joins the then-side's state (in
// `state`) with the else-side's, after the If `region`, in the block the if is in. Should a side
// throw, the builder and the state are as they were before the if.
template <typename State>
void lowerIf(
    ir::Builder& builder, State& state, ir::ValueId test, const std::function<void()>& thenPart,
    const std::function<void()>& elsePart, const slvm::SourceLocation& where,
    const std::function<void(State& joined, const State& elseState, ir::ValueId region)>& merge) {
    const ir::Instruction& condition = builder.function()[test];
    if (condition.op == ir::Op::Constant) {
        const auto& taken = condition.constant[0] != 0.0f ? thenPart : elsePart;
        if (taken)
            taken();
        return;
    }
    const State before = state;
    const ir::BlockId parent = builder.currentBlock();
    builder.setLocation(where);
    const ir::Builder::IfRegion sides = builder.beginIf(test);
    try {
        builder.setBlock(sides.thenBlock);
        if (thenPart)
            thenPart();
        State thenState = std::move(state);
        state = before;
        builder.setBlock(sides.elseBlock);
        if (elsePart)
            elsePart();
        const State elseState = std::move(state);
        builder.setBlock(parent);
        builder.setLocation(where);
        state = std::move(thenState);
        merge(state, elseState, sides.region);
    } catch (...) {
        builder.setBlock(parent);
        state = before;
        throw;
    }
}

} // namespace compiler::frontends
