// The largest float below 1: samples live in [0, 1), and sums and remappings that can round up to
// 1 are clamped to it (pbrt-v4's OneMinusEpsilon).
#pragma once

namespace lrt {

inline constexpr float kOneMinusEpsilon = 0x1.fffffep-1f;

} // namespace lrt
