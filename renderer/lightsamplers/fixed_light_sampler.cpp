// Picking from a fixed table: the running sums of the weights, searched with u.
#include "renderer/lightsamplers/fixed_light_sampler.h"

#include <algorithm>

namespace lrt {

FixedLightSampler::FixedLightSampler(std::span<const Emitter> emitters, std::vector<int> among,
                                     float (*weight)(const Emitter&))
    : among_(std::move(among)), slot_(emitters.size(), -1) {
    double sum = 0;
    for (std::size_t i = 0; i < among_.size(); ++i) {
        const auto emitter = static_cast<std::size_t>(among_[i]);
        sum += std::max(0.0f, weight(emitters[emitter]));
        cumulative_.push_back(sum);
        slot_[emitter] = static_cast<int>(i);
    }
}

std::optional<PickedEmitter> FixedLightSampler::pick(const LightSampleContext& context,
                                                     float u) const {
    if (cumulative_.empty() || !(cumulative_.back() > 0))
        return std::nullopt;
    const double target = static_cast<double>(u) * cumulative_.back();
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), target);
    // An emitter of weight 0 has an empty interval, which upper_bound never lands in.
    const auto slot = std::min<std::size_t>(static_cast<std::size_t>(it - cumulative_.begin()),
                                            cumulative_.size() - 1);
    const int emitter = among_[slot];
    const float p = pmf(context, emitter);
    if (!(p > 0))
        return std::nullopt;
    return PickedEmitter{emitter, p};
}

float FixedLightSampler::pmf(const LightSampleContext&, int emitter) const {
    const int slot = slot_[static_cast<std::size_t>(emitter)];
    if (slot < 0 || !(cumulative_.back() > 0))
        return 0.0f;
    const auto s = static_cast<std::size_t>(slot);
    const double width = cumulative_[s] - (s == 0 ? 0.0 : cumulative_[s - 1]);
    return static_cast<float>(width / cumulative_.back());
}

namespace {

float powerOf(const Emitter& e) {
    return e.power;
}

float sameForAll(const Emitter&) {
    return 1.0f;
}

// The registry's create for the sampler that weighs each emitter by `weight`.
template <float (*weight)(const Emitter&)>
std::unique_ptr<LightSampler> createWeighted(std::span<const Emitter> emitters,
                                             std::vector<int> among) {
    return std::make_unique<FixedLightSampler>(emitters, std::move(among), weight);
}

} // namespace

const LightSamplerEntry FixedLightSampler::powerEntry{
    "power", "each light in proportion to its power, wherever the point is",
    &createWeighted<powerOf>};

const LightSamplerEntry FixedLightSampler::uniformEntry{
    "uniform", "every light with the same probability", &createWeighted<sameForAll>};

std::size_t FixedLightSampler::memoryBytes() const {
    return sizeof(*this) + among_.capacity() * sizeof(int) +
           cumulative_.capacity() * sizeof(double) + slot_.capacity() * sizeof(int);
}

} // namespace lrt
