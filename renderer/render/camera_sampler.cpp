// Camera samples: the film and lens positions of each pixel's samples, from the scene's sample
// pattern and the pixel's own random streams, so that a sample never depends on the tile or thread
// that traces it.
#include "renderer/render/camera_sampler.h"

#include "renderer/render/adaptive_rounds.h"

#include <cmath>

namespace lrt {

SamplerSettings samplerSettings(const Scene& scene, const RenderSettings& settings) {
    SamplerSettings s;
    s.xSamples = scene.film().xSamples;
    s.ySamples = scene.film().ySamples;
    s.jitter = scene.film().jitter;
    s.seed = mix64(mix64(settings.seed) ^ static_cast<std::uint32_t>(scene.frame()));
    if (settings.samplesPerPixel) {
        // The most square grid with exactly N cells.
        const int n = *settings.samplesPerPixel;
        int nx = static_cast<int>(std::sqrt(static_cast<double>(n)));
        while (n % nx != 0)
            --nx;
        s.xSamples = n / nx;
        s.ySamples = nx;
    }
    if (const float threshold = noiseThreshold(scene.film(), settings); threshold > 0)
        s.firstRound = AdaptiveRounds(s.count(), threshold).first();
    return s;
}

std::unique_ptr<Sampler> createSampler(const Scene& scene, const SamplerSettings& sampling) {
    // Option "sampler" "jitter" 0 asks for the strata's centres, whatever the type.
    return createSampler(
        scene.film().jitter ? std::string_view(scene.film().sampler) : "stratified", sampling);
}

CameraSampler::CameraSampler(const Scene& scene, const RenderSettings& settings,
                             const Integrator& integrator)
    : CameraSampler(scene, settings, integrator, samplerSettings(scene, settings)) {}

CameraSampler::CameraSampler(const Scene& scene, const RenderSettings& settings,
                             const Integrator& integrator, const SamplerSettings& sampling)
    : scene_(scene), integrator_(integrator),
      lightSamplers_(scene.lightSamplers(integrator.lightSampler())), seed_(settings.seed),
      sampler_(createSampler(scene, sampling)), spp_(sampling.count()),
      lens_(scene.camera().usesLens()), differentials_(scene.needsRayDifferentials()),
      differentialSpacing_(static_cast<float>(settings.pixelScale) *
                           std::max(0.125f, 1 / std::sqrt(static_cast<float>(spp_)))),
      pixelScale_(static_cast<float>(settings.pixelScale)) {}

FilmSample CameraSampler::trace(int x, int y, int index, RayCounters& counters,
                                ProgramRecorder* recorder, Ray* cameraRay) const {
    const std::uint64_t pixel = pixelHash(seed_, scene_.frame(), x, y);
    SampleStream stream(pixel, index);
    SampleContext context{stream, *sampler_, sampler_->start(x, y, index, pixel), counters,
                          lightSamplers_};
    context.recorder = recorder;
    const Vec2 offset = context.sample2D(SampleDimension::film());
    const Vec2 raster{static_cast<float>(x) + offset.x, static_cast<float>(y) + offset.y};
    const Vec2 lens = lens_ ? context.sample2D(SampleDimension::lens()) : Vec2{0.5f, 0.5f};
    // A coarse pixel covers pixelScale_ film pixels each way; scaling by a power of two is exact.
    const Vec2 filmRaster{raster.x * pixelScale_, raster.y * pixelScale_};
    // Differentials span the distance between samples, but no less than an eighth of a pixel
    // (as in pbrt-v4): footprints shrink no further with more samples, so that the octaves of
    // noise and the levels of images they select stay put beyond 64 samples per pixel.
    const Ray ray =
        differentials_
            ? scene_.camera().generateRayWithDifferentials(filmRaster, lens, differentialSpacing_)
            : scene_.camera().generateRay(filmRaster, lens);
    if (cameraRay)
        *cameraRay = ray;
    ++counters.camera;
    const Color L = integrator_.radiance(scene_, ray, context);
    return {raster.x, raster.y, L, context.firstHit};
}

} // namespace lrt
