// Shared by the JIT tests of the three VMs: whether this machine runs compiled code, and the
// comparison compiled and interpreted results must pass.
#pragma once

#include "slvm/jit/native_code.h"

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <span>

namespace slvm::testing {

// False, with a warning, on a machine where compiled code does not run (the tests then pass).
inline bool compiledCodeRuns() {
    if (!jit::nativeCodeSupported())
        WARN("skipped: this machine does not run compiled programs");
    return jit::nativeCodeSupported();
}

// Bit for bit, except that a NaN equals any NaN: which operand's payload the result of two NaNs
// carries depends on the operand order the C++ compiler picked in the interpreter (docs/jit.md).
inline bool sameBits(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) ||
           (std::isnan(a) && std::isnan(b));
}

inline bool sameBits(std::span<const float> a, std::span<const float> b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!sameBits(a[i], b[i]))
            return false;
    return true;
}

} // namespace slvm::testing
