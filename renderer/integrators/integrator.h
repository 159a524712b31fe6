// The Integrator interface: radiance arriving along a camera ray.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/ray.h"
#include "renderer/film/film_sample.h"
#include "renderer/lightsamplers/light_samplers.h"
#include "renderer/materials/program_recorder.h"
#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/sampler.h"
#include "renderer/scene/scene.h"

#include <cstdint>
#include <string_view>

namespace lrt {

struct RayCounters {
    std::uint64_t camera = 0, shadow = 0, secondary = 0;
    RayCounters& operator+=(const RayCounters& o) {
        camera += o.camera, shadow += o.shadow, secondary += o.secondary;
        return *this;
    }
};

// What an integrator may know about the camera sample it serves.
struct SampleContext {
    SampleStream& stream;
    const Sampler& sampler;
    PixelSample index;
    RayCounters& counters;
    // The scene's light samplers of the integrator's lightsampler.
    const LightSamplers& lightSamplers;
    FirstHit firstHit{}; // filled at the camera ray's hit
    // The pixel debugger's recorder of the programs run at the camera ray's first hit; null when
    // the sample is not being debugged.
    ProgramRecorder* recorder = nullptr;

    // The sample's point for `dimension`. It draws two numbers from the stream whatever the
    // sampler, so that the stream's later numbers do not depend on it.
    Vec2 sample2D(SampleDimension dimension) {
        return sampler.sample(index, stream.next2D(), dimension);
    }
    // The first number of sample2D(dimension), which it draws as sample2D does.
    float sample1D(SampleDimension dimension) {
        return sampler.sample1D(index, stream.next2D(), dimension);
    }
};

class Integrator {
public:
    virtual ~Integrator() = default;
    virtual Color radiance(const Scene& scene, const Ray& ray, SampleContext& context) const = 0;
    // The light sampler its "lightsampler" parameter names ("all": every light is visited).
    virtual const LightSamplerEntry& lightSampler() const = 0;
};

} // namespace lrt
