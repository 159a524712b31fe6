// The SL VM's only window on the world: the renderer (or a test, or `lrt sl run`) implements this
// interface to answer `trace`, `lookup`, `rnd` and `turb`. slvm never sees the renderer itself.
#pragma once

#include <array>

namespace slvm::sl {

using Float3 = std::array<float, 3>;

class Host {
public:
    virtual ~Host() = default;

    // Radiance arriving at world-space `origin` from object-space direction `direction`.
    virtual Float3 trace(const Float3& origin, const Float3& direction) = 0;
    // Filtered texel of texture `unit` (0..7) at (s, t).
    virtual Float3 lookup(int unit, float s, float t) = 0;
    // Next value of the invocation's deterministic random stream, in [0, 1).
    virtual float random() = 0;
    // Turbulence (docs/sl.md): 1-D at x, and 3-D at p.
    virtual float turbulence(float x) = 0;
    virtual float turbulence(const Float3& p) = 0;
};

} // namespace slvm::sl
