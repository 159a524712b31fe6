// The card executor: a verified card run compiled or interpreted, as the rule of
// slvm/jit/executor.h chooses (docs/jit.md); the same registers and distances either way.
#pragma once

#include "slvm/card/jit.h"
#include "slvm/card/vm.h"
#include "slvm/jit/executor.h"

#include <array>

namespace slvm::card {

class Executor : public jit::ProgramExecutor<VerifiedProgram, NativeCard> {
public:
    using ProgramExecutor::ProgramExecutor;

    // A machine whose runs go through this executor, each under `budget`. One per thread; it
    // must not outlive the executor.
    CardMachine machine(std::uint64_t budget = kDefaultBudget) const {
        return CardMachine(program(), budget, native());
    }

    // interpretedDistance(program(), x, y, z, budget). Inline, as NativeCard::distance is: a
    // sphere tracer calls it at every step.
    float distance(float x, float y, float z, std::uint64_t budget = kDefaultBudget) const {
        const NativeCard* compiled = native();
        return compiled ? compiled->distance(x, y, z, budget)
                        : interpretedDistance(program(), x, y, z, budget);
    }

    // The distances at four points (x[i], y[i], z[i]), each bitwise distance(x[i], y[i], z[i],
    // budget): compiled, one call where the card allows it (NativeCard::distances).
    std::array<float, 4> distances(const std::array<float, 4>& x, const std::array<float, 4>& y,
                                   const std::array<float, 4>& z,
                                   std::uint64_t budget = kDefaultBudget) const {
        if (const NativeCard* compiled = native())
            return compiled->distances(x, y, z, budget);
        std::array<float, 4> each;
        for (std::size_t i = 0; i < 4; ++i)
            each[i] = interpretedDistance(program(), x[i], y[i], z[i], budget);
        return each;
    }
};

} // namespace slvm::card
