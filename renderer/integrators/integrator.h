// The Integrator interface: radiance arriving along a camera ray.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/ray.h"
#include "renderer/lightsamplers/light_samplers.h"
#include "renderer/materials/program_recorder.h"
#include "renderer/sampling/sample_stream.h"
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

// What the camera ray's first hit looks like, for denoisers and compositing (EXR AOVs).
struct FirstHit {
    Color albedo;           // the surface's reflectance colour (Material::albedo)
    Vec3 normal;            // world-space shading normal, facing the camera
    float depth = INFINITY; // distance along the camera ray; infinite when it leaves the scene
};

// What an integrator may know about the camera sample it serves.
struct SampleContext {
    SampleStream& stream;
    const Stratification& strata;
    int sampleIndex;
    std::uint64_t pixel; // pixelHash of the pixel
    RayCounters& counters;
    // The scene's light samplers of the integrator's lightsampler.
    const LightSamplers& lightSamplers;
    FirstHit firstHit{}; // filled at the camera ray's hit
    // The pixel debugger's recorder of the programs run at the camera ray's first hit; null when
    // the sample is not being debugged.
    ProgramRecorder* recorder = nullptr;
};

class Integrator {
public:
    virtual ~Integrator() = default;
    virtual Color radiance(const Scene& scene, const Ray& ray, SampleContext& context) const = 0;
    // The light sampler its "lightsampler" parameter names ("all": every light is visited).
    virtual const LightSamplerEntry& lightSampler() const = 0;
};

} // namespace lrt
