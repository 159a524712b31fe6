// The R2 sequence's points and the low-discrepancy sampler's registry entry.
#include "renderer/sampling/low_discrepancy_sampler.h"

#include <cmath>

namespace lrt {

const SamplerEntry LowDiscrepancySampler::registryEntry{
    "lowdiscrepancy", "the R2 low-discrepancy sequence", "",
    [](const SamplerSettings& settings) -> std::unique_ptr<Sampler> {
        return std::make_unique<LowDiscrepancySampler>(settings);
    }};

Vec2 LowDiscrepancySampler::point(int index, Vec2, std::uint64_t) const {
    constexpr double g = 1.32471795724474602596;
    const auto fraction = [](double x) { return x - std::floor(x); };
    const double i = static_cast<double>(index);
    return {static_cast<float>(fraction(0.5 + i / g)),
            static_cast<float>(fraction(0.5 + i / (g * g)))};
}

} // namespace lrt
