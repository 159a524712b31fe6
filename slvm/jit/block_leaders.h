// Where a program's basic blocks start, for every JIT (and the card's liveness): the entry, every
// jump target, each instruction after one that leaves the straight line, and the end of the code
// (one past the last instruction), where a run finishes (jit::blockLength).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace slvm::jit {

// How one instruction moves control: whether the next instruction starts a block (after a jump,
// branch, call or return), and where it may jump to, when it may.
struct ControlFlow {
    bool endsBlock = false;
    std::optional<std::size_t> target;
};

// `flowOf(i)` says how instruction i of the `count` moves control; `entry` is where a run starts.
template <typename FlowOf>
std::vector<bool> blockLeaders(std::size_t count, std::size_t entry, FlowOf flowOf) {
    std::vector<bool> leader(count + 1, false);
    leader[entry] = leader[count] = true;
    for (std::size_t i = 0; i < count; ++i) {
        const ControlFlow flow = flowOf(i);
        if (flow.endsBlock)
            leader[i + 1] = true;
        if (flow.target)
            leader[*flow.target] = true;
    }
    return leader;
}

} // namespace slvm::jit
