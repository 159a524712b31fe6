// Test helpers for the SL VM: a recording fake host and one-call assemble-and-run.
#pragma once

#include "slvm/sl/assembler.h"
#include "slvm/sl/host.h"
#include "slvm/sl/vm.h"

#include <string>
#include <string_view>
#include <vector>

namespace slvm::sl::testing {

// Answers every host call with fixed values and records what it was asked.
class FakeHost final : public Host {
public:
    Float3 traceResult{0.1f, 0.2f, 0.3f};
    Float3 lookupResult{0.4f, 0.5f, 0.6f};
    float randomValue = 0.25f;
    float turbulence1Result = 0.75f;
    float turbulence3Result = 1.25f;

    std::vector<std::pair<Float3, Float3>> traces;
    struct LookupCall {
        int unit;
        float s, t;
    };
    std::vector<LookupCall> lookups;
    std::vector<float> turbulence1Inputs;
    std::vector<Float3> turbulence3Inputs;

    Float3 trace(const Float3& origin, const Float3& direction) override {
        traces.emplace_back(origin, direction);
        return traceResult;
    }
    Float3 lookup(int unit, float s, float t) override {
        lookups.push_back({unit, s, t});
        return lookupResult;
    }
    float random() override { return randomValue; }
    float turbulence(float x) override {
        turbulence1Inputs.push_back(x);
        return turbulence1Result;
    }
    float turbulence(const Float3& p) override {
        turbulence3Inputs.push_back(p);
        return turbulence3Result;
    }
};

struct Run {
    RegisterFile registers;
    ExecutionResult result;
};

// Assembles "sl 1.0\n" + body and runs it once on `registers`.
inline Run run(std::string_view body, RegisterFile registers = RegisterFile::withDefaults(),
               Host* host = nullptr, std::uint64_t budget = kDefaultBudget) {
    FakeHost fallback;
    const VerifiedProgram program = assemble("sl 1.0\n" + std::string(body), "test.sl");
    const ExecutionResult result = execute(program, registers, host ? *host : fallback, budget);
    return {registers, result};
}

} // namespace slvm::sl::testing
