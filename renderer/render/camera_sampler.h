// The camera samples of a render: where sample i of pixel (x, y) lands on the film, its camera
// ray, and the radiance the integrator brings back along it. The tile renderer traces every
// sample through it and the pixel debugger one, so both see bitwise the same sample.
#pragma once

#include "renderer/film/film_sample.h"
#include "renderer/integrators/integrator.h"
#include "renderer/render/render_settings.h"
#include "renderer/scene/scene.h"

namespace lrt {

// What the render's sampler is made from: the scene's PixelSamples or the most square grid of
// exactly --spp cells, its jitter, seed and adaptive rounds.
SamplerSettings samplerSettings(const Scene& scene, const RenderSettings& settings);
// Option "sampler"'s sampler over `sampling` (the stratum centres where "jitter" is 0).
std::unique_ptr<Sampler> createSampler(const Scene& scene, const SamplerSettings& sampling);

class CameraSampler {
public:
    CameraSampler(const Scene& scene, const RenderSettings& settings, const Integrator& integrator);

    int samplesPerPixel() const { return spp_; }
    const LightSamplers& lightSamplers() const { return lightSamplers_; }
    // Sample `index` of pixel (x, y). `recorder`, when given, records the programs run at the
    // sample's first hit; `cameraRay`, when given, receives the sample's camera ray.
    FilmSample trace(int x, int y, int index, RayCounters& counters,
                     ProgramRecorder* recorder = nullptr, Ray* cameraRay = nullptr) const;

private:
    // `sampling` is samplerSettings(scene, settings), which both the sampler and spp_ are made of.
    CameraSampler(const Scene& scene, const RenderSettings& settings, const Integrator& integrator,
                  const SamplerSettings& sampling);

    const Scene& scene_;
    const Integrator& integrator_;
    const LightSamplers& lightSamplers_;
    std::uint64_t seed_;
    std::unique_ptr<Sampler> sampler_;
    int spp_;
    bool lens_;          // a pinhole camera draws no lens sample
    bool differentials_; // only textures filtered over the footprint need them
    float differentialSpacing_;
    float pixelScale_; // film pixels per rendered pixel (RenderSettings::pixelScale)
};

} // namespace lrt
