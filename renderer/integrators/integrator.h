// The Integrator interface: radiance arriving along a camera ray.
#pragma once

#include "renderer/core/color.h"
#include "renderer/core/ray.h"
#include "renderer/sampling/sample_stream.h"
#include "renderer/scene/scene.h"

#include <cstdint>

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
    const Stratification& strata;
    int sampleIndex;
    std::uint64_t pixel; // pixelHash of the pixel
    RayCounters& counters;
};

class Integrator {
public:
    virtual ~Integrator() = default;
    virtual Color radiance(const Scene& scene, const Ray& ray, SampleContext& context) const = 0;
};

} // namespace lrt
