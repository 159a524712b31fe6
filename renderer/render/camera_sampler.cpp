// Camera samples: the film and lens positions of each pixel's samples, from the scene's sample
// pattern and the pixel's own random streams, so that a sample never depends on the tile or thread
// that traces it.
#include "renderer/render/camera_sampler.h"

#include "renderer/render/adaptive_rounds.h"

#include <cmath>

namespace lrt {

SamplePattern samplePattern(const Scene& scene, const RenderSettings& settings) {
    const float threshold = noiseThreshold(scene.film(), settings);
    SamplePattern s;
    // Without jitter, samples sit at the strata's centres, whatever the type.
    s.type = scene.film().jitter ? scene.film().sampler : SamplerType::Stratified;
    // An adaptive render may stop a pixel after any of its rounds: the R2 sequence spreads every
    // prefix of a pixel's samples over it, where a stratified grid fills it row by row, and each
    // purpose shuffles its samples within the rounds only.
    if (s.type == SamplerType::Stratified && threshold > 0)
        s.type = SamplerType::LowDiscrepancy;
    s.nx = scene.film().xSamples;
    s.ny = scene.film().ySamples;
    s.jitter = scene.film().jitter;
    s.sequenceSeed = mix64(mix64(settings.seed) ^ static_cast<std::uint32_t>(scene.frame()));
    if (settings.samplesPerPixel) {
        // The most square grid with exactly N cells.
        const int n = *settings.samplesPerPixel;
        int nx = static_cast<int>(std::sqrt(static_cast<double>(n)));
        while (n % nx != 0)
            --nx;
        s.nx = n / nx;
        s.ny = nx;
    }
    if (threshold > 0)
        s.firstRound = AdaptiveRounds(s.count(), threshold).first();
    return s;
}

CameraSampler::CameraSampler(const Scene& scene, const RenderSettings& settings,
                             const Integrator& integrator)
    : scene_(scene), integrator_(integrator),
      lightSamplers_(scene.lightSamplers(integrator.lightSampler())), seed_(settings.seed),
      pattern_(samplePattern(scene, settings)), spp_(pattern_.count()),
      lens_(scene.camera().usesLens()), differentials_(scene.needsRayDifferentials()),
      differentialSpacing_(static_cast<float>(settings.pixelScale) /
                           std::sqrt(static_cast<float>(spp_))),
      pixelScale_(static_cast<float>(settings.pixelScale)) {}

FilmSample CameraSampler::trace(int x, int y, int index, RayCounters& counters,
                                ProgramRecorder* recorder, Ray* cameraRay) const {
    const std::uint64_t pixel = pixelHash(seed_, scene_.frame(), x, y);
    SampleStream stream(pixel, index);
    SampleContext context{stream, pattern_, pattern_.index(x, y, index, pixel), counters,
                          lightSamplers_};
    context.recorder = recorder;
    const Vec2 offset = context.sample2D(SamplePattern::kFilm);
    const Vec2 raster{static_cast<float>(x) + offset.x, static_cast<float>(y) + offset.y};
    const Vec2 lens = lens_ ? context.sample2D(SamplePattern::kLens) : Vec2{0.5f, 0.5f};
    // A coarse pixel covers pixelScale_ film pixels each way; scaling by a power of two is exact.
    const Vec2 filmRaster{raster.x * pixelScale_, raster.y * pixelScale_};
    // Differentials span the distance between samples, as in pbrt.
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
