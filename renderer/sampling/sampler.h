// The Sampler interface (Option "sampler" "type"): where the 2-D point of each dimension lies for
// sample i of a pixel. Samplers are created by name through samplerRegistry(), whose entries live
// beside their classes.
#pragma once

#include "renderer/core/registry.h"
#include "renderer/core/vector.h"
#include "renderer/sampling/sample_dimension.h"

#include <cstdint>
#include <memory>
#include <string_view>

namespace lrt {

// Which sample of which pixel a camera sample is: all that its points depend on.
struct PixelSample {
    int sample = 0;          // the sample's number within its pixel
    std::uint64_t pixel = 0; // pixelHash of (seed, frame, x, y)
    // What the sampler works out once per pixel sample rather than once per dimension (Sobol:
    // the sample's index in the image's sequence).
    std::uint64_t word = 0;
};

// What every sampler is made from.
struct SamplerSettings {
    int xSamples = 1, ySamples = 1; // the grid of a pixel's samples: PixelSamples, or --spp's
    bool jitter = true;             // false puts samples at their strata's centres
    // Adaptive sampling's first round (0: none). A pixel may stop after samples [0, r), [0, 2r),
    // [0, 4r)...: every such prefix must be spread over the square.
    int firstRound = 0;
    std::uint64_t seed = 0; // the render's seed and frame, hashed

    int count() const { return xSamples * ySamples; }
};

class Sampler {
public:
    virtual ~Sampler() = default;
    // Sample `sample` of pixel (x, y), whose pixelHash is `pixel`.
    virtual PixelSample start(int x, int y, int sample, std::uint64_t pixel) const = 0;
    // The point of `dimension` for the pixel sample `at`. `jitter` is two uniform numbers of the
    // sample's own stream, which samplers may use or ignore.
    virtual Vec2 sample(const PixelSample& at, Vec2 jitter, SampleDimension dimension) const = 0;
    // sample(...).x, for a dimension that needs one number (the light choice): a sampler may
    // spare the other.
    virtual float sample1D(const PixelSample& at, Vec2 jitter, SampleDimension dimension) const {
        return sample(at, jitter, dimension).x;
    }
};

// A sampler's name (Option "sampler"'s "type" values), what it does, and how to make one.
struct SamplerEntry {
    std::string_view name;
    std::string_view meaning;
    // The sampler an adaptive render takes instead, where this one cannot stop a pixel after a
    // round with its samples spread ("": it can).
    std::string_view adaptiveStandIn;
    std::unique_ptr<Sampler> (*create)(const SamplerSettings& settings);
};

// "sobol", "stratified" and "lowdiscrepancy", in the order messages and the docs list them.
const Registry<SamplerEntry>& samplerRegistry();
// The sampler `name` (a registered one) over `settings`, or its adaptive stand-in in an adaptive
// render; an unknown name throws std::invalid_argument that lists the known ones.
std::unique_ptr<Sampler> createSampler(std::string_view name, const SamplerSettings& settings);

} // namespace lrt
