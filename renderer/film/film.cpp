// Reconstruction: each pixel from the samples its filter reaches, radiance and AOV layers
// weighted alike (depth over the samples that hit something).
#include "renderer/film/film.h"

#include "renderer/core/pixel_window.h"
#include "renderer/description/aov_selection.h"

#include <array>
#include <cmath>

namespace lrt {

TileSamples::TileSamples(const PixelBounds& region_, int samplesPerPixel) : region(region_) {
    const auto pixels = static_cast<std::size_t>(region.width()) * region.height();
    samples_.reserve(pixels * static_cast<std::size_t>(samplesPerPixel));
    starts_.reserve(pixels + 1);
    starts_.push_back(0);
}

std::span<const FilmSample> TileSamples::of(int x, int y) const {
    const auto pixel = static_cast<std::size_t>(y - region.y0) * region.width() + (x - region.x0);
    return std::span(samples_).subspan(starts_[pixel], starts_[pixel + 1] - starts_[pixel]);
}

Film::Film(const Filter& filter, bool equalPixelWeights)
    : filter_(filter), equalPixelWeights_(equalPixelWeights),
      marginX_(static_cast<int>(std::ceil(filter.radiusX() - 0.5f))),
      marginY_(static_cast<int>(std::ceil(filter.radiusY() - 0.5f))) {}

// One loop over a pixel's window that sums every quantity the pixel and its AOVs need; split, it
// would walk the samples once per quantity.
DevelopedTile Film::develop(const PixelBounds& tile, const TileSamples& samples) const {
    const PixelBounds& r = samples.region;
    DevelopedTile out;
    out.rgb.assign(static_cast<std::size_t>(tile.width()) * tile.height() * 3, 0.0f);
    out.aovs.assign(static_cast<std::size_t>(tile.width()) * tile.height() * kAovChannels, 0.0f);
    for (int y = tile.y0; y < tile.y1; ++y)
        for (int x = tile.x0; x < tile.x1; ++x) {
            Color sum, albedo;
            // The pixel from the first and from the second half of its samples: two estimates
            // whose difference tells the denoiser the pixel's variance.
            std::array<Color, 2> halves;
            std::array<float, 2> halfWeights{};
            Vec3 normal;
            float weights = 0, coverage = 0, depthSum = 0, depthWeights = 0;
            const float cx = static_cast<float>(x) + 0.5f, cy = static_cast<float>(y) + 0.5f;
            forEachPixelNear(
                x, y, marginX_, marginY_, {r.x0, r.y0, r.x1 - 1, r.y1 - 1}, [&](int nx, int ny) {
                    // With equal pixel weights a neighbour's samples' weights are
                    // divided by their count, or a noisy neighbour's many samples
                    // would pull the pixel towards its value.
                    const std::span<const FilmSample> taken = samples.of(nx, ny);
                    const float share =
                        equalPixelWeights_ ? 1.0f / static_cast<float>(taken.size()) : 1.0f;
                    for (std::size_t i = 0; i < taken.size(); ++i) {
                        const FilmSample& s = taken[i];
                        const float w = filter_.evaluate(s.x - cx, s.y - cy) * share;
                        if (w == 0 || !s.radiance.isFinite())
                            continue;
                        sum += s.radiance * w;
                        const auto h = static_cast<std::size_t>(halfBufferOf(i, taken.size()));
                        halves[h] += s.radiance * w;
                        halfWeights[h] += w;
                        albedo += s.firstHit.albedo * w;
                        normal += s.firstHit.normal * w;
                        weights += w;
                        if (!std::isinf(s.firstHit.depth)) {
                            coverage += w;
                            depthSum += s.firstHit.depth * w;
                            depthWeights += w;
                        }
                    }
                });
            const std::size_t pixel =
                static_cast<std::size_t>(y - tile.y0) * tile.width() + (x - tile.x0);
            const Color value = weights > 0 ? sum / weights : Color{};
            float* rgb = &out.rgb[pixel * 3];
            rgb[0] = value.r, rgb[1] = value.g, rgb[2] = value.b;
            int counted = 0;
            for (const FilmSample& s : samples.of(x, y))
                counted += s.radiance.isFinite();
            const Color a = weights > 0 ? albedo / weights : Color{};
            const Vec3 n = weights > 0 ? normal / weights : Vec3{};
            float* aov = &out.aovs[pixel * kAovChannels];
            // Coverage: the filter-weighted share of the samples that hit something, so the
            // colour (black where nothing was hit) is already premultiplied by it.
            aov[kAlphaChannel] = weights > 0 ? coverage / weights : 0.0f;
            float* albedoChannels = aov + kAlbedoChannel;
            albedoChannels[0] = a.r, albedoChannels[1] = a.g, albedoChannels[2] = a.b;
            float* normalChannels = aov + kNormalChannel;
            normalChannels[0] = n.x, normalChannels[1] = n.y, normalChannels[2] = n.z;
            aov[kDepthChannel] = depthWeights > 0 ? depthSum / depthWeights : INFINITY;
            aov[kSampleCountChannel] = static_cast<float>(counted);
            for (std::size_t h = 0; h < 2; ++h) {
                const Color half = halfWeights[h] > 0 ? halves[h] / halfWeights[h] : Color{};
                float* halfChannels = aov + kHalvesChannel + 3 * h;
                halfChannels[0] = half.r, halfChannels[1] = half.g, halfChannels[2] = half.b;
            }
        }
    return out;
}

} // namespace lrt
