// The vertex program executor: runs a verified program on one vertex at a time, per the spec's
// per-instruction pseudo-code (section 2.14.3), with condition codes, masks, branches, four
// levels of CAL/RET, relative addressing and the 65536-instruction limit. One machine per thread;
// it owns a copy of the program parameters so invocations share nothing mutable.
#pragma once

#include "slvm/common/execution.h"
#include "slvm/vp2/verifier.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace slvm::vp2 {

// The shared run results, spelled as this VM's own (sl::ExecutionStatus and so on).
using slvm::ExecutionResult;
using slvm::ExecutionStatus;
using slvm::kDefaultBudget;

using Vector4 = std::array<float, 4>;

// "ok", "limit" or "overflow", as `lrt vp2 run` prints the status (docs/vp2.md): the
// spec calls the budget the execution limit.
using slvm::statusName;

// IEEE denormals are not supported by the environment: they read and write as zero of the same
// sign (spec section 2.14.3).
float flushDenormal(float value);

class VertexMachine {
public:
    // `parameters` fills c[0], c[1], ...; the rest of the environment's parameters are zero.
    VertexMachine(const VerifiedProgram& program, std::span<const Vector4> parameters);

    // Runs the program on one vertex; attributes are v[0]..v[15]. Every other register starts at
    // its initial value (temporaries and address registers 0, results (0,0,0,1), CC all EQ), but
    // a position-invariant program's o[HPOS] is v[OPOS]: the fixed-function transform it defers
    // to is, in a ray tracer, the identity on object space.
    ExecutionResult run(const std::array<Vector4, kAttributeCount>& attributes,
                        std::uint64_t budget = kDefaultBudget);

    const Vector4& result(Result r) const { return registers_[kResultBase + static_cast<int>(r)]; }
    const Vector4& temporary(int index) const { return registers_[kTemporaryBase + index]; }
    const std::array<int, 4>& address(int index) const { return address_[index]; }
    Condition condition(int component) const { return condition_[component]; }

private:
    // Every float register lives in one array, so an operand is an index decoded once.
    static constexpr int kAttributeBase = 0;
    static constexpr int kTemporaryBase = kAttributeBase + kAttributeCount;
    static constexpr int kResultBase = kTemporaryBase + kMaxTemporaries;
    static constexpr int kParameterBase = kResultBase + kResultCount;
    static constexpr int kZero = kParameterBase + kMaxParameters; // out-of-range relative reads
    static constexpr int kDiscard = kZero + 1;                    // writes to the CC register
    static constexpr int kRegisterSlots = kDiscard + 1;

    struct Operand {
        std::uint16_t index = 0; // register slot (absolute), or c[0]'s slot when relative
        Swizzle swizzle = kIdentitySwizzle;
        std::uint32_t andMask = ~0u, xorMask = 0; // |x| and negation as sign-bit operations
        bool plain = true;                        // identity swizzle, no sign change
        bool relative = false;
        std::uint8_t addressRegister = 0, addressComponent = 0;
        std::int16_t offset = 0;
    };
    struct Step {
        Opcode opcode;
        bool updatesCondition;
        bool plainWrite; // no condition mask, no CC update: a masked store
        RegisterFile destinationFile;
        std::uint16_t destination; // register slot, or the address register's number
        std::uint8_t writeMask;
        ConditionRule conditionRule;
        Swizzle conditionSwizzle;
        std::uint8_t sourceCount;
        std::array<Operand, 3> sources;
        std::int32_t target;
    };
    static Step decode(const Instruction& in, int parameters);

    Vector4 load(const Operand& o) const;
    bool enabled(const Step& s, int component) const;
    bool conditionHolds(const Step& s) const;
    void write(const Step& s, const Vector4& value);
    void writeAddress(const Step& s, const std::array<int, 4>& value);
    Vector4 evaluate(const Step& s) const;
    std::array<int, 4> evaluateAddress(const Step& s) const;

    std::vector<Step> steps_;
    std::size_t entryPoint_;
    bool positionInvariant_;
    int parameterCount_;
    std::array<Vector4, kRegisterSlots> registers_{};
    std::array<std::array<int, 4>, 2> address_{};
    std::array<Condition, 4> condition_{};
};

} // namespace slvm::vp2
