// PCG32 (O'Neill, pcg-random.org): a small, fast, statistically strong generator whose streams are
// cheap to seed per pixel sample, which is what deterministic rendering needs.
#pragma once

#include <cstdint>

namespace lrt {

class Pcg32 {
public:
    explicit Pcg32(std::uint64_t seed = 0, std::uint64_t stream = 0) {
        increment_ = (stream << 1u) | 1u;
        next();
        state_ += seed;
        next();
    }

    std::uint32_t next() {
        const std::uint64_t old = state_;
        state_ = old * 6364136223846793005ULL + increment_;
        const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
        const auto rot = static_cast<std::uint32_t>(old >> 59u);
        return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
    }

    // Uniform in [0, 1): the top 24 bits, so every value is exactly representable.
    float uniform() { return static_cast<float>(next() >> 8) * 0x1p-24f; }

private:
    std::uint64_t state_ = 0;
    std::uint64_t increment_ = 1;
};

} // namespace lrt
