// The vertex program executor: runs a loaded Program on one vertex at a time, per the spec's
// per-instruction pseudo-code (section 2.14.3), with condition codes, masks, branches, four
// levels of CAL/RET, relative addressing and the 65536-instruction limit. One machine per thread;
// it owns a copy of the program parameters so invocations share nothing mutable.
#pragma once

#include "slvm/vp2/program.h"

#include <array>
#include <cstdint>
#include <span>

namespace slvm::vp2 {

using Vector4 = std::array<float, 4>;

enum class Status {
    Ok,      // ran off the end or returned with an empty call stack
    Limit,   // stopped at the execution limit; `executed` equals it
    Overflow // a taken CAL with four return addresses already stacked (it counts as executed)
};
const char* statusName(Status status); // "ok", "limit", "overflow"

// IEEE denormals are not supported by the environment: they read and write as zero of the same
// sign (spec section 2.14.3).
float flushDenormal(float value);

class VertexMachine {
public:
    // `parameters` fills c[0], c[1], ...; the rest of the environment's parameters are zero.
    VertexMachine(const Program& program, std::span<const Vector4> parameters);

    // Runs the program on one vertex; attributes are v[0]..v[15]. Every other register starts at
    // its initial value (temporaries and address registers 0, results (0,0,0,1), CC all EQ).
    Status run(const std::array<Vector4, kAttributeCount>& attributes);

    const Vector4& result(Result r) const { return results_[static_cast<int>(r)]; }
    const Vector4& temporary(int index) const { return temporaries_[index]; }
    const std::array<int, 4>& address(int index) const { return address_[index]; }
    Condition condition(int component) const { return condition_[component]; }
    std::uint64_t executed() const { return executed_; }
    Status status() const { return status_; }
    const Program& program() const { return program_; }

private:
    Vector4 load(const Source& s) const;
    const Vector4& sourceRegister(const Source& s) const;
    Vector4& destinationRegister(const Destination& d);
    bool enabled(const Instruction& in, int component) const;
    bool conditionHolds(const Instruction& in) const;
    void write(const Instruction& in, const Vector4& value);
    void writeAddress(const Instruction& in, const std::array<int, 4>& value);
    Vector4 evaluate(const Instruction& in) const;
    std::array<int, 4> evaluateAddress(const Instruction& in) const;

    const Program& program_;
    std::array<Vector4, kMaxParameters> parameters_{};
    std::array<Vector4, kAttributeCount> attributes_{};
    std::array<Vector4, kMaxTemporaries> temporaries_{};
    std::array<Vector4, kResultCount> results_{};
    std::array<std::array<int, 4>, 2> address_{};
    std::array<Condition, 4> condition_{};
    Vector4 discard_{}; // where writes to the CC pseudo-register go
    std::uint64_t executed_ = 0;
    Status status_ = Status::Ok;
};

} // namespace slvm::vp2
