// Rendering one frame: camera samples in parallel TBB tiles, reconstructed with the pixel filter
// so that every pixel depends only on its own and its neighbours' deterministic samples. The
// integrator is the scene's choice, or RenderSettings' through the integrator registry.
#pragma once

#include "renderer/description/film_description.h"
#include "renderer/film/pixel_bounds.h"
#include "renderer/image/image_file.h"
#include "renderer/integrators/integrator.h"
#include "renderer/render/render_settings.h"
#include "renderer/scene/scene.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace lrt {

struct RenderStatistics {
    double seconds = 0;
    RayCounters rays;
    std::uint64_t droppedSamples = 0; // non-finite radiance
    // Rays Embree could not trace (isTraceable), counted as misses; those of this run's tiles
    // only, not of a resumed checkpoint's. Zero in a correct scene.
    std::uint64_t invalidRays = 0;
    int samplesPerPixel = 0;  // the most a pixel takes
    float noiseThreshold = 0; // adaptive sampling's (0: every pixel took samplesPerPixel)
    PixelBounds bounds{};
    // How direct light picked lights: the integrator's lightsampler ("all": every light), the
    // emitters it picked among, and the time and memory its samplers took (0 for "all").
    std::string lightSampler = "all";
    std::size_t emitters = 0;
    double lightSamplerSeconds = 0;
    std::size_t lightSamplerBytes = 0;
};

struct RenderResult {
    Image image; // linear radiance of the pixel bounds, with its place in the full image
    // The same pixels' AOVs: coverage alpha (the filter-weighted share of samples that hit
    // something), albedo (3), shading normal (3), depth (distance along the camera ray; infinite
    // where it leaves the scene), the number of samples that counted, and the two halves (the
    // colour from the first and from the second half of the samples).
    Image aovs;
    RenderStatistics statistics;
    // A render is cut into tiles; those finished so far. Each finished tile's pixels are final
    // (samples depend only on seed, frame, pixel and index), so a partial result is a checkpoint
    // that a later render can resume from.
    std::vector<bool> finishedTiles;
    bool interrupted = false; // stopped by RenderControl::interrupt before every tile was done
};

// What a caller can do while a render runs, between tiles.
struct RenderControl {
    // Called with the finished fraction, from worker threads, one call at a time.
    std::function<void(double)> progress;
    // A partial result of the same render (same scene, settings and bounds): its finished tiles
    // are taken as they are and not rendered again.
    const RenderResult* resumeFrom = nullptr;
    // Called with a copy of the partial result every `checkpointSeconds` (0: never), from a worker
    // thread, one call at a time; a call still running when the next is due makes it skip.
    std::function<void(const RenderResult&)> checkpoint;
    double checkpointSeconds = 0;
    // Once true, no further tile starts; render returns what is finished, `interrupted` set.
    const std::atomic<bool>* interrupt = nullptr;
    // Called with each tile as it is finished and its linear RGB (row-major, width x height x 3),
    // from worker threads, one call at a time (a display server shows the render as it goes).
    std::function<void(const PixelBounds& tile, std::span<const float> rgb)> tileFinished;
};

// The film a render covers: the scene's, its width and height divided by settings.pixelScale.
FilmDescription renderedFilm(const FilmDescription& film, const RenderSettings& settings);

// The pixels a render covers: the crop window (pbrt's rounding), narrowed to a tile band.
PixelBounds renderBounds(const FilmDescription& film, const RenderSettings& settings);
inline PixelBounds renderBounds(const Scene& scene, const RenderSettings& settings) {
    return renderBounds(renderedFilm(scene.film(), settings), settings);
}

RenderResult render(const Scene& scene, const RenderSettings& settings,
                    const RenderControl& control);
inline RenderResult render(const Scene& scene, const RenderSettings& settings,
                           std::function<void(double)> progress = {}) {
    RenderControl control;
    control.progress = std::move(progress);
    return render(scene, settings, control);
}

} // namespace lrt
