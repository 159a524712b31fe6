// Tiles are rendered with a margin as wide as the filter's reach: the margin's samples are
// recomputed (they are deterministic), so tiles, crops and thread counts never change a pixel.
// A tile goes through three steps, as in pbrt-v4's ImageTileIntegrator::Render: sampling (every
// camera sample of the tile and its margin), reconstruction (the film's: each pixel from the
// samples its filter reaches, renderer/film/film.h) and committing (into the result, under a lock,
// so that a checkpoint always holds whole tiles).
#include "renderer/render/renderer.h"

#include "renderer/description/aov_selection.h"
#include "renderer/film/film.h"
#include "renderer/integrators/integrator.h"
#include "renderer/render/adaptive_rounds.h"
#include "renderer/render/camera_sampler.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>
#include <span>
#include <stdexcept>

namespace lrt {

namespace {

// How the render's pixels are cut into tiles, and how far each tile's samples reach beyond it.
struct TileGrid {
    TileGrid(const PixelBounds& b, const Film& film, int samplesPerPixel, int tileSize)
        : bounds(b), marginX(film.marginX()), marginY(film.marginY()) {
        // Keep a tile's sample buffer (samples of the tile and its margin) within about 16 MiB,
        // however many samples per pixel are asked for. The allocator reuses blocks that size,
        // but maps anything over 32 MiB afresh for every tile: at 256 spp, 64-pixel tiles spent
        // 2 s of a 63 s render in page faults.
        const auto maxSamples =
            static_cast<double>(16u << 20) / sizeof(FilmSample) / samplesPerPixel;
        const int fitting =
            std::max(1, static_cast<int>(std::sqrt(maxSamples)) - 2 * std::max(marginX, marginY));
        size = std::min(tileSize, fitting);
        tilesX = (bounds.width() + size - 1) / size;
        tilesY = (bounds.height() + size - 1) / size;
    }
    int count() const { return tilesX * tilesY; }
    PixelBounds tile(int index) const {
        const int x0 = bounds.x0 + (index % tilesX) * size,
                  y0 = bounds.y0 + (index / tilesX) * size;
        return {x0, std::min(x0 + size, bounds.x1), y0, std::min(y0 + size, bounds.y1)};
    }

    PixelBounds bounds;
    int marginX, marginY;
    int size = 0, tilesX = 0, tilesY = 0;
};

// What a tile's work produced, before it is committed.
struct TileResult {
    DevelopedTile pixels;
    RayCounters rays;
    std::uint64_t dropped = 0; // samples with non-finite radiance
};

// Everything one render shares between its tiles.
struct Frame {
    const Scene& scene;
    const CameraSampler& sampler;
    const TileGrid& grid;
    const FilmDescription& description; // as rendered (at the pixel scale)
    const Film& film;
    int spp;
    float noiseThreshold; // 0: every pixel takes spp samples
};

// Traces the camera samples of each pixel of the tile's sample region: all spp, or with a noise
// threshold, rounds of them (AdaptiveRounds) until the pixel and its neighbourhood say it is done.
void sampleTile(const Frame& f, TileSamples& samples, TileResult& out) {
    const PixelBounds& r = samples.region;
    const AdaptiveRounds rounds(f.spp, f.noiseThreshold);
    const int first = rounds.first();
    // Samples [from, to) of pixel (x, y), into `noise` and each to `keep`.
    const auto trace = [&](int x, int y, int from, int to, PixelNoise& noise, auto&& keep) {
        for (int i = from; i < to; ++i) {
            const FilmSample sample = f.sampler.trace(x, y, i, out.rays);
            if (sample.radiance.isFinite())
                noise.add(sample.radiance);
            keep(sample);
        }
    };
    const auto keep = [&](const FilmSample& sample) {
        out.dropped += !sample.radiance.isFinite(); // kept, and skipped by the reconstruction
        samples.add(sample);
    };
    if (first >= f.spp) {
        for (int y = r.y0; y < r.y1; ++y)
            for (int x = r.x0; x < r.x1; ++x) {
                PixelNoise noise;
                trace(x, y, 0, f.spp, noise, keep);
                samples.endPixel();
            }
        return;
    }
    // The first round of every pixel of the region and of a ring around it (on the film), whose
    // noise the region's pixels see in their neighbourhoods; the ring's samples are not kept.
    const int ring = FirstRoundNoise::kRadius;
    const PixelBounds around =
        grownOnFilm(r, ring, ring, f.description.xResolution, f.description.yResolution);
    FirstRoundNoise firstRound(around.x0, around.y0, around.width(), around.height());
    const auto regionPixels = static_cast<std::size_t>(r.width()) * r.height();
    std::vector<PixelNoise> noises;
    noises.reserve(regionPixels);
    std::vector<FilmSample> firstSamples;
    firstSamples.reserve(regionPixels * static_cast<std::size_t>(first));
    for (int y = around.y0; y < around.y1; ++y)
        for (int x = around.x0; x < around.x1; ++x) {
            PixelNoise noise;
            if (x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1) {
                trace(x, y, 0, first, noise,
                      [&](const FilmSample& sample) { firstSamples.push_back(sample); });
                noises.push_back(noise);
            } else {
                trace(x, y, 0, first, noise, [](const FilmSample&) {});
            }
            firstRound.set(x, y, noise);
        }
    // Then each pixel of the region: its first round, and the further rounds it needs.
    std::size_t pixel = 0;
    for (int y = r.y0; y < r.y1; ++y)
        for (int x = r.x0; x < r.x1; ++x, ++pixel) {
            for (int i = 0; i < first; ++i)
                keep(firstSamples[pixel * static_cast<std::size_t>(first) + i]);
            PixelNoise& noise = noises[pixel];
            const double neighbourhood = firstRound.neighbourhood(x, y);
            for (int taken = first, end = rounds.next(taken, noise, neighbourhood); taken < end;
                 taken = end, end = rounds.next(taken, noise, neighbourhood))
                trace(x, y, taken, end, noise, keep);
            samples.endPixel();
        }
}

// The result under construction: tiles are committed into it under a lock, so a checkpoint's
// copy of it is always a consistent set of whole tiles.
class ResultInProgress {
public:
    ResultInProgress(RenderResult& result, const RenderControl& control, int tileCount)
        : result_(result), control_(control), tileCount_(tileCount),
          finished_(static_cast<int>(
              std::count(result.finishedTiles.begin(), result.finishedTiles.end(), true))),
          lastCheckpoint_(std::chrono::steady_clock::now()) {}

    void commit(int index, const PixelBounds& tile, const TileResult& work) {
        int done;
        {
            const std::lock_guard lock(resultMutex_);
            Image& image = result_.image;
            for (int y = tile.y0; y < tile.y1; ++y) {
                const std::size_t row = static_cast<std::size_t>(y - tile.y0) * tile.width();
                const std::size_t at = static_cast<std::size_t>(y - image.yOrigin) * image.width +
                                       (tile.x0 - image.xOrigin);
                std::copy_n(&work.pixels.rgb[row * 3], tile.width() * 3, &image.pixels[at * 3]);
                std::copy_n(&work.pixels.aovs[row * kAovChannels], tile.width() * kAovChannels,
                            &result_.aovs.pixels[at * kAovChannels]);
            }
            result_.finishedTiles[static_cast<std::size_t>(index)] = true;
            result_.statistics.rays += work.rays;
            result_.statistics.droppedSamples += work.dropped;
            done = ++finished_;
        }
        if (control_.progress || control_.tileFinished) {
            const std::lock_guard lock(progressMutex_);
            if (control_.tileFinished)
                control_.tileFinished(tile, work.pixels.rgb);
            if (control_.progress)
                control_.progress(static_cast<double>(done) / tileCount_);
        }
        maybeCheckpoint();
    }

    bool complete() const { return finished_ == tileCount_; }

private:
    void maybeCheckpoint() {
        if (!control_.checkpoint || control_.checkpointSeconds <= 0)
            return;
        const std::unique_lock writing(checkpointMutex_, std::try_to_lock);
        if (!writing.owns_lock())
            return;
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - lastCheckpoint_).count() <
            control_.checkpointSeconds)
            return;
        lastCheckpoint_ = now;
        RenderResult snapshot;
        {
            const std::lock_guard lock(resultMutex_);
            snapshot = result_;
        }
        control_.checkpoint(snapshot);
    }

    RenderResult& result_;
    const RenderControl& control_;
    int tileCount_;
    int finished_;
    std::mutex resultMutex_, checkpointMutex_, progressMutex_;
    std::chrono::steady_clock::time_point lastCheckpoint_;
};

// An empty result for `bounds`, or the partial one being resumed (which must match it).
RenderResult startResult(const FilmDescription& film, const PixelBounds& bounds, int spp,
                         int tileCount, const RenderResult* resume) {
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
    aovs.channelNames = aovChannelNames();
    if (aovs.channelNames.size() != kAovChannels)
        throw std::logic_error("the AOV layer table and the film disagree");
    aovs.pixels.assign(static_cast<std::size_t>(image.width) * image.height * kAovChannels, 0.0f);
    result.finishedTiles.assign(static_cast<std::size_t>(tileCount), false);
    result.statistics.samplesPerPixel = spp;
    result.statistics.bounds = bounds;
    if (!resume)
        return result;
    const Image& from = resume->image;
    if (resume->finishedTiles.size() != result.finishedTiles.size() || from.width != image.width ||
        from.height != image.height || from.xOrigin != image.xOrigin ||
        from.yOrigin != image.yOrigin || from.fullWidth != image.fullWidth ||
        from.fullHeight != image.fullHeight || from.channels != image.channels ||
        resume->aovs.channels != aovs.channels || resume->statistics.samplesPerPixel != spp)
        throw std::runtime_error("the checkpoint was made for a different render (its pixels, "
                                 "tiles or samples per pixel differ)");
    image.pixels = from.pixels;
    aovs.pixels = resume->aovs.pixels;
    result.finishedTiles = resume->finishedTiles;
    result.statistics.rays = resume->statistics.rays;
    result.statistics.droppedSamples = resume->statistics.droppedSamples;
    return result;
}

} // namespace

FilmDescription renderedFilm(const FilmDescription& film, const RenderSettings& settings) {
    if (settings.pixelScale < 1)
        throw std::invalid_argument("the pixel scale must be at least 1");
    FilmDescription scaled = film;
    scaled.xResolution = (film.xResolution + settings.pixelScale - 1) / settings.pixelScale;
    scaled.yResolution = (film.yResolution + settings.pixelScale - 1) / settings.pixelScale;
    return scaled;
}

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
    const std::uint64_t refusedBefore = scene.refusedRays();
    const FilmDescription film = renderedFilm(scene.film(), settings);
    const PixelBounds bounds = renderBounds(film, settings);
    if (bounds.width() <= 0 || bounds.height() <= 0)
        throw std::runtime_error("the crop window or tile covers no pixels");
    const Integrator& integrator = scene.integratorFor(settings.integrator);
    const CameraSampler sampler(scene, settings, integrator);
    const int spp = sampler.samplesPerPixel();
    const float threshold = noiseThreshold(film, settings);
    const Film pixels(scene.filter(), threshold > 0);
    const TileGrid grid(bounds, pixels, spp, settings.tileSize);
    const Frame frame{scene, sampler, grid, film, pixels, spp, threshold};

    RenderResult result = startResult(film, bounds, spp, grid.count(), control.resumeFrom);
    std::vector<int> pending;
    for (int t = 0; t < grid.count(); ++t)
        if (!result.finishedTiles[static_cast<std::size_t>(t)])
            pending.push_back(t);
    ResultInProgress progress(result, control, grid.count());

    const auto renderTile = [&](int index) {
        const PixelBounds tile = grid.tile(index);
        TileSamples samples(
            grownOnFilm(tile, grid.marginX, grid.marginY, film.xResolution, film.yResolution), spp);
        TileResult work;
        sampleTile(frame, samples, work);
        work.pixels = pixels.develop(tile, samples);
        progress.commit(index, tile, work);
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

    result.interrupted = !progress.complete();
    result.statistics.invalidRays = scene.refusedRays() - refusedBefore;
    result.statistics.noiseThreshold = frame.noiseThreshold;
    result.statistics.lightSampler = integrator.lightSampler().name;
    result.statistics.emitters = scene.emitters().size();
    result.statistics.lightSamplerSeconds = sampler.lightSamplers().buildSeconds();
    result.statistics.lightSamplerBytes = sampler.lightSamplers().memoryBytes();
    result.statistics.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace lrt
