// Tiles are rendered with a margin as wide as the filter's reach: the margin's samples are
// recomputed (they are deterministic), so tiles, crops and thread counts never change a pixel.
#include "renderer/render/renderer.h"

#include "renderer/film/filter.h"
#include "renderer/integrators/path.h"
#include "renderer/integrators/whitted.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include <stdexcept>

namespace lrt {

namespace {

struct FilmSample {
    float x, y; // raster position
    Color radiance;
    FirstHit firstHit;
};

constexpr int kAovChannels = 8;

Stratification stratification(const Scene& scene, const RenderSettings& settings) {
    Stratification s{scene.film().xSamples, scene.film().ySamples, scene.film().jitter,
                     scene.film().lowDiscrepancy};
    if (settings.samplesPerPixel) {
        // The most square grid with exactly N cells.
        const int n = *settings.samplesPerPixel;
        int nx = static_cast<int>(std::sqrt(static_cast<double>(n)));
        while (n % nx != 0)
            --nx;
        s.nx = n / nx;
        s.ny = nx;
    }
    return s;
}

std::unique_ptr<Integrator> makeIntegrator(const Scene& scene, const RenderSettings& settings) {
    const std::string name = settings.integrator.value_or(scene.options().integrator);
    if (name == "whitted")
        return std::make_unique<WhittedIntegrator>(scene.options().maxDepth);
    if (name == "path")
        return std::make_unique<PathIntegrator>(scene.options().maxDepth,
                                                scene.options().pathStrategy);
    throw std::logic_error("unknown integrator \"" + name + "\"");
}

} // namespace

PixelBounds renderBounds(const FilmDescription& film, const RenderSettings& settings) {
    const auto crop = settings.crop.value_or(film.cropWindow);
    const auto W = static_cast<float>(film.xResolution), H = static_cast<float>(film.yResolution);
    PixelBounds b{
        static_cast<int>(std::ceil(W * crop[0])), static_cast<int>(std::ceil(W * crop[1])),
        static_cast<int>(std::ceil(H * crop[2])), static_cast<int>(std::ceil(H * crop[3]))};
    if (settings.tile) {
        const auto [index, count] = *settings.tile;
        const long long height = b.height();
        const int top = b.y0 + static_cast<int>(height * index / count);
        const int bottom = b.y0 + static_cast<int>(height * (index + 1) / count);
        b.y0 = top;
        b.y1 = bottom;
    }
    return b;
}

RenderResult render(const Scene& scene, const RenderSettings& settings,
                    const RenderControl& control) {
    const auto start = std::chrono::steady_clock::now();
    const FilmDescription& film = scene.film();
    const PixelBounds bounds = renderBounds(scene, settings);
    if (bounds.width() <= 0 || bounds.height() <= 0)
        throw std::runtime_error("the crop window or tile covers no pixels");
    const Stratification strata = stratification(scene, settings);
    const std::unique_ptr<Integrator> integrator = makeIntegrator(scene, settings);
    const Filter filter(film.filter, film.filterWidth[0], film.filterWidth[1]);
    const int marginX = static_cast<int>(std::ceil(filter.radiusX() - 0.5f));
    const int marginY = static_cast<int>(std::ceil(filter.radiusY() - 0.5f));
    const int spp = strata.count();
    const float differentialSpacing = 1.0f / std::sqrt(static_cast<float>(spp));

    RenderResult result;
    Image& image = result.image;
    image.width = bounds.width();
    image.height = bounds.height();
    image.channels = 3;
    image.xOrigin = bounds.x0;
    image.yOrigin = bounds.y0;
    image.fullWidth = film.xResolution;
    image.fullHeight = film.yResolution;
    image.pixels.assign(static_cast<std::size_t>(image.width) * image.height * 3, 0.0f);
    Image& aovs = result.aovs;
    aovs = image;
    aovs.channels = kAovChannels;
    aovs.channelNames = {"albedo.R", "albedo.G", "albedo.B", "N.X",
                         "N.Y",      "N.Z",      "Z",        "sampleCount"};
    aovs.pixels.assign(static_cast<std::size_t>(image.width) * image.height * kAovChannels, 0.0f);

    // Keep a tile's sample buffer (samples of the tile and its margin) within about 64 MiB, however
    // many samples per pixel are asked for.
    const auto maxSamples = static_cast<double>(64u << 20) / sizeof(FilmSample) / spp;
    const int fitting =
        std::max(1, static_cast<int>(std::sqrt(maxSamples)) - 2 * std::max(marginX, marginY));
    const int tile = std::min(settings.tileSize, fitting);
    const int tilesX = (bounds.width() + tile - 1) / tile,
              tilesY = (bounds.height() + tile - 1) / tile;
    const int tileCount = tilesX * tilesY;
    result.finishedTiles.assign(static_cast<std::size_t>(tileCount), false);
    if (const RenderResult* resume = control.resumeFrom) {
        const Image& from = resume->image;
        if (resume->finishedTiles.size() != result.finishedTiles.size() ||
            from.width != image.width || from.height != image.height ||
            from.xOrigin != image.xOrigin || from.yOrigin != image.yOrigin ||
            from.fullWidth != image.fullWidth || from.fullHeight != image.fullHeight ||
            from.channels != image.channels || resume->aovs.channels != aovs.channels ||
            resume->statistics.samplesPerPixel != spp)
            throw std::runtime_error("the checkpoint was made for a different render (its "
                                     "pixels, tiles or samples per pixel differ)");
        image.pixels = from.pixels;
        aovs.pixels = resume->aovs.pixels;
        result.finishedTiles = resume->finishedTiles;
        result.statistics.rays = resume->statistics.rays;
        result.statistics.droppedSamples = resume->statistics.droppedSamples;
    }
    std::vector<int> pending;
    for (int t = 0; t < tileCount; ++t)
        if (!result.finishedTiles[static_cast<std::size_t>(t)])
            pending.push_back(t);
    result.statistics.samplesPerPixel = spp;
    result.statistics.bounds = bounds;

    // Finished tiles are copied into the result under this lock, so a checkpoint's copy of it is
    // always a consistent set of whole tiles.
    std::mutex resultMutex;
    std::mutex checkpointMutex;
    std::mutex progressMutex;
    auto lastCheckpoint = std::chrono::steady_clock::now();
    int finished = tileCount - static_cast<int>(pending.size());

    auto maybeCheckpoint = [&] {
        if (!control.checkpoint || control.checkpointSeconds <= 0)
            return;
        const std::unique_lock writing(checkpointMutex, std::try_to_lock);
        if (!writing.owns_lock())
            return;
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - lastCheckpoint).count() < control.checkpointSeconds)
            return;
        lastCheckpoint = now;
        RenderResult snapshot;
        {
            const std::lock_guard lock(resultMutex);
            snapshot = result;
        }
        control.checkpoint(snapshot);
    };

    auto renderTile = [&](int tileIndex) {
        const int tx0 = bounds.x0 + (tileIndex % tilesX) * tile,
                  ty0 = bounds.y0 + (tileIndex / tilesX) * tile;
        const int tx1 = std::min(tx0 + tile, bounds.x1), ty1 = std::min(ty0 + tile, bounds.y1);
        // Samples of the tile and its margin, clipped to the full image.
        const int sx0 = std::max(0, tx0 - marginX), sx1 = std::min(film.xResolution, tx1 + marginX);
        const int sy0 = std::max(0, ty0 - marginY), sy1 = std::min(film.yResolution, ty1 + marginY);
        const int sw = sx1 - sx0;
        std::vector<FilmSample> samples(static_cast<std::size_t>(sw) * (sy1 - sy0) * spp);
        // Sample i of pixel (x, y), which must lie in the sampled region.
        auto sampleAt = [&](int x, int y, int i) -> FilmSample& {
            return samples[(static_cast<std::size_t>(y - sy0) * sw + (x - sx0)) * spp + i];
        };
        RayCounters local;
        std::uint64_t localDropped = 0;
        const int tw = tx1 - tx0, th = ty1 - ty0;
        std::vector<float> tilePixels(static_cast<std::size_t>(tw) * th * 3),
            tileAovs(static_cast<std::size_t>(tw) * th * kAovChannels);
        for (int y = sy0; y < sy1; ++y)
            for (int x = sx0; x < sx1; ++x) {
                const std::uint64_t pixel = pixelHash(settings.seed, scene.frame(), x, y);
                for (int i = 0; i < spp; ++i) {
                    SampleStream stream(pixel, i);
                    const Vec2 offset =
                        strata.sample(i, stream.next2D(), pixel, Stratification::kFilm);
                    const Vec2 raster{static_cast<float>(x) + offset.x,
                                      static_cast<float>(y) + offset.y};
                    const Vec2 lens =
                        strata.sample(i, stream.next2D(), pixel, Stratification::kLens);
                    // Differentials span the distance between samples, as in pbrt.
                    const Ray ray = scene.camera().generateRayWithDifferentials(
                        raster, lens, differentialSpacing);
                    ++local.camera;
                    SampleContext context{stream, strata, i, pixel, local};
                    const Color L = integrator->radiance(scene, ray, context);
                    if (!L.isFinite())
                        ++localDropped; // kept, and skipped by the reconstruction below
                    sampleAt(x, y, i) = {raster.x, raster.y, L, context.firstHit};
                }
            }
        for (int y = ty0; y < ty1; ++y)
            for (int x = tx0; x < tx1; ++x) {
                Color sum, albedo;
                Vec3 normal;
                float weights = 0, depthSum = 0, depthWeights = 0;
                const float cx = static_cast<float>(x) + 0.5f, cy = static_cast<float>(y) + 0.5f;
                for (int ny = std::max(sy0, y - marginY); ny <= std::min(sy1 - 1, y + marginY);
                     ++ny)
                    for (int nx = std::max(sx0, x - marginX); nx <= std::min(sx1 - 1, x + marginX);
                         ++nx)
                        for (int i = 0; i < spp; ++i) {
                            const FilmSample& s = sampleAt(nx, ny, i);
                            const float w = filter.evaluate(s.x - cx, s.y - cy);
                            if (w == 0 || !s.radiance.isFinite())
                                continue;
                            sum += s.radiance * w;
                            albedo += s.firstHit.albedo * w;
                            normal += s.firstHit.normal * w;
                            weights += w;
                            if (!std::isinf(s.firstHit.depth)) {
                                depthSum += s.firstHit.depth * w;
                                depthWeights += w;
                            }
                        }
                const std::size_t pixel = static_cast<std::size_t>(y - ty0) * tw + (x - tx0);
                const Color value = weights > 0 ? sum / weights : Color{};
                float* out = &tilePixels[pixel * 3];
                out[0] = value.r, out[1] = value.g, out[2] = value.b;
                // AOVs: filter-weighted like the radiance; depth over the samples that hit.
                int counted = 0;
                for (int i = 0; i < spp; ++i)
                    counted += sampleAt(x, y, i).radiance.isFinite();
                const Color a = weights > 0 ? albedo / weights : Color{};
                const Vec3 n = weights > 0 ? normal / weights : Vec3{};
                float* aov = &tileAovs[pixel * kAovChannels];
                aov[0] = a.r, aov[1] = a.g, aov[2] = a.b;
                aov[3] = n.x, aov[4] = n.y, aov[5] = n.z;
                aov[6] = depthWeights > 0 ? depthSum / depthWeights : INFINITY;
                aov[7] = static_cast<float>(counted);
            }
        int done;
        {
            const std::lock_guard lock(resultMutex);
            for (int y = ty0; y < ty1; ++y) {
                const std::size_t row = static_cast<std::size_t>(y - ty0) * tw;
                const std::size_t at =
                    static_cast<std::size_t>(y - bounds.y0) * image.width + (tx0 - bounds.x0);
                std::copy_n(&tilePixels[row * 3], tw * 3, &image.pixels[at * 3]);
                std::copy_n(&tileAovs[row * kAovChannels], tw * kAovChannels,
                            &aovs.pixels[at * kAovChannels]);
            }
            result.finishedTiles[static_cast<std::size_t>(tileIndex)] = true;
            result.statistics.rays += local;
            result.statistics.droppedSamples += localDropped;
            done = ++finished;
        }
        if (control.progress) {
            const std::lock_guard lock(progressMutex);
            control.progress(static_cast<double>(done) / tileCount);
        }
        maybeCheckpoint();
    };

    const int threads =
        settings.threads > 0 ? settings.threads : tbb::this_task_arena::max_concurrency();
    tbb::task_arena arena(threads);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, pending.size(), 1),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  if (!(control.interrupt && control.interrupt->load()))
                                      renderTile(pending[i]);
                          });
    });

    result.interrupted = finished < tileCount;
    result.statistics.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace lrt
