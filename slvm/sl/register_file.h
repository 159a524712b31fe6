// The SL register file: 38 four-float slots (scalars live in .x), with the pinned defaults.
#pragma once

#include "slvm/sl/registers.h"

#include <array>

namespace slvm::sl {

using Float4 = std::array<float, 4>;

struct RegisterFile {
    alignas(16) std::array<Float4, kRegisterCount> slots{};

    // Kd 0.5, Ks 0.5, S 80, I 1, alpha 1 in C0, C1 and t0-t7, everything else 0 (docs/sl.md).
    static RegisterFile withDefaults();

    Float4& vector(int index) { return slots[static_cast<std::size_t>(index)]; }
    const Float4& vector(int index) const { return slots[static_cast<std::size_t>(index)]; }
    float& scalar(int index) { return slots[static_cast<std::size_t>(index)][0]; }
    float scalar(int index) const { return slots[static_cast<std::size_t>(index)][0]; }
};

} // namespace slvm::sl
