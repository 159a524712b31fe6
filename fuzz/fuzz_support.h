// Shared by the fuzz targets: a deterministic host and the checks run on every accepted program.
#pragma once

#include "slvm/sl/host.h"
#include "slvm/sl/noise.h"
#include "slvm/sl/verifier.h"

#include <cstdint>

namespace slvm::sl::fuzzing {

class FuzzHost final : public Host {
public:
    Float3 trace(const Float3& o, const Float3& d) override {
        return {o[0] + d[0], o[1] + d[1], o[2] + d[2]};
    }
    Float3 lookup(int unit, float s, float t) override { return {static_cast<float>(unit), s, t}; }
    float random() override { return 0.5f; }
    float turbulence(float x) override { return slvm::sl::turbulence(x, 0, 0); }
    float turbulence(const Float3& p) override { return slvm::sl::turbulence(p[0], p[1], p[2]); }
};

// Runs a verified program and checks that its disassembly re-assembles to the same bytecode.
void exerciseProgram(const VerifiedProgram& program);

} // namespace slvm::sl::fuzzing

namespace slvm::fuzzing {

// Input values for the differential targets, drawn from `bits`: mostly the floats where IEEE
// arithmetic has its corner cases (NaNs with payloads, signalling ones, infinities, signed
// zeros, denormals, the extremes), sometimes the raw bits.
float cornerCaseFloat(std::uint32_t bits);

// Equal bits, or both NaN: the compiled code and the interpreter agree on everything but which
// operand's payload a NaN from two NaNs carries (docs/jit.md). Aborts with `what` otherwise.
void requireSame(float interpreted, float compiled, const char* what);

} // namespace slvm::fuzzing
