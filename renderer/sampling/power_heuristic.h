// Veach's power heuristic for multiple importance sampling, shared by the path integrator and the
// layered BxDF's random walks.
#pragma once

namespace lrt {

// Veach's power heuristic (beta 2) for a sample drawn with density a against one drawn with b:
// a^2 / (a^2 + b^2), written so that huge or infinite densities give 0 or 1, never NaN.
inline float powerHeuristic(float a, float b) {
    if (!(a > 0))
        return 0.0f;
    const float ratio = b / a;
    return 1.0f / (1.0f + ratio * ratio);
}

} // namespace lrt
