// The executor's form of a verified vertex program, shared by the interpreter (vm.cpp) and the
// compiler (jit.cpp): every float register in one array of slots, each operand decoded once to a
// slot, a swizzle and sign-bit masks, and the interpreter's own arithmetic for the operations
// whose special cases the compiled code calls rather than restates.
#pragma once

#include "slvm/vp2/verifier.h"

#include <array>
#include <cstdint>
#include <vector>

namespace slvm::vp2 {

using Vector4 = std::array<float, 4>;
// One vertex's attributes v[0..15], and its result registers in Result's order.
using AttributeRegisters = std::array<Vector4, kAttributeCount>;
using ResultRegisters = std::array<Vector4, kResultCount>;
// What every result register holds when a run starts.
inline constexpr Vector4 kInitialResult{0, 0, 0, 1};

// The slots of the register array: attributes, temporaries, results, parameters, then a slot
// that reads (0,0,0,0) for out-of-range relative reads and one that absorbs writes to the CC
// register.
struct RegisterSlots {
    static constexpr int kAttributeBase = 0;
    static constexpr int kTemporaryBase = kAttributeBase + kAttributeCount;
    static constexpr int kResultBase = kTemporaryBase + kMaxTemporaries;
    static constexpr int kParameterBase = kResultBase + kResultCount;
    static constexpr int kZero = kParameterBase + kMaxParameters;
    static constexpr int kDiscard = kZero + 1;
    static constexpr int kCount = kDiscard + 1;
};

struct DecodedOperand {
    std::uint16_t index = 0; // register slot (absolute), or c[0]'s slot when relative
    Swizzle swizzle = kIdentitySwizzle;
    std::uint32_t andMask = ~0u, xorMask = 0; // |x| and negation as sign-bit operations
    bool plain = true;                        // identity swizzle, no sign change
    bool relative = false;
    std::uint8_t addressRegister = 0, addressComponent = 0;
    std::int16_t offset = 0;
};

struct DecodedStep {
    Opcode opcode;
    bool updatesCondition;
    bool plainWrite; // no condition mask, no CC update: a masked store
    RegisterFile destinationFile;
    std::uint16_t destination; // register slot, or the address register's number
    std::uint8_t writeMask;
    ConditionRule conditionRule;
    Swizzle conditionSwizzle;
    std::uint8_t sourceCount;
    std::array<DecodedOperand, 3> sources;
    std::int32_t target;
};

// `program`'s instructions decoded; relative reads stay within `parameters` parameters.
std::vector<DecodedStep> decodeProgram(const VerifiedProgram& program);

// The temporaries and results some step writes, by slot, and a position-invariant program's
// o[HPOS], which the machine sets: the registers a run changes.
using WrittenSlots = std::array<bool, RegisterSlots::kCount>;
WrittenSlots writtenSlots(const std::vector<DecodedStep>& steps, bool positionInvariant);

// IEEE denormals are not supported by the environment: they read and write as zero of the same
// sign (spec section 2.14.3).
float flushDenormal(float value);

// Whether a condition value passes a condition mask's test.
bool passes(ConditionRule rule, Condition c);
Condition conditionOf(float value);

// The interpreter's results of the operations with special cases (docs/vp2.md): RCC's clamped
// reciprocal, EXP and LOG of a scalar, LIT of a vector.
float reciprocalClamped(float x);
Vector4 exponentParts(float s);
Vector4 logarithmParts(float s);
Vector4 lighting(const Vector4& a);

} // namespace slvm::vp2
