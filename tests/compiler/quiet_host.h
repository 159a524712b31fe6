// The SL host the compiler's tests run compiled shaders with: no scene behind it, so traces and
// texture lookups give black, random() gives 0.5 and turbulence 0.
#pragma once

#include "slvm/sl/host.h"

namespace compiler::testing {

class QuietHost final : public slvm::sl::Host {
public:
    slvm::sl::Float3 trace(const slvm::sl::Float3&, const slvm::sl::Float3&) override { return {}; }
    slvm::sl::Float3 lookup(int, float, float) override { return {}; }
    float random() override { return 0.5f; }
    float turbulence(float) override { return 0; }
    float turbulence(const slvm::sl::Float3&) override { return 0; }
};

} // namespace compiler::testing
