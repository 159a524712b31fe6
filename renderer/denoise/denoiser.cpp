// The denoiser's passes: outliers in each half buffer tamed against the other half; features and
// variance per pixel; for each half, weighted first-order regressions over three window sizes at
// once, whose weights come from the other half (so that a weight never favours the noise of the
// value it weighs); per pixel, the window whose error, estimated by Stein's unbiased risk estimate
// and smoothed over its neighbours, is least; and the mean of the two halves so filtered.
#include "renderer/denoise/denoiser.h"

#include "renderer/core/pixel_window.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <stdexcept>

namespace lrt {

namespace {

// The regressions' windows, smallest first: 3 x 3, 7 x 7 and 11 x 11 pixels. Each pixel takes the
// one whose estimated error is least: a small window where the features miss what the colour
// shows, a large one where they explain it (docs/denoising.md has the measurements behind them).
constexpr std::array<int, 3> kWindowRadii{1, 3, 5};
constexpr std::size_t kWindows = kWindowRadii.size();
// The error estimates are averaged over 11 x 11 pixels before a window is chosen: one pixel's
// estimate rests on the noise of that pixel.
constexpr int kSelectionRadius = 5;
// A half buffer's pixel brighter than kOutlierFactor times the brightest of the other half's
// pixels within kOutlierRadius is an outlier (a firefly): the other half, an estimate of the same
// light, saw nothing like it there.
constexpr int kOutlierRadius = 1;
constexpr float kOutlierFactor = 1.5f;
constexpr int kPatchRadius = 1;     // patches of 3 x 3 pixels compare colours
constexpr float kBandwidth = 0.45f; // k of Rousselle et al.'s patch distance
constexpr float kFloor = 1e-4f;     // keeps the distance finite where the variance is 0
constexpr int kFeatures = 7;        // albedo RGB, normal XYZ, depth
constexpr int kTerms = kFeatures + 1;
constexpr int kMatrix = kTerms * (kTerms + 1) / 2; // the normal equations' upper triangle
constexpr int kStripRows = 8;                      // rows regressed together (bounded memory)
// The ridge on the feature terms, relative to the window's total weight: it settles the
// coefficient of a feature that is constant over a window (a flat wall's albedo) at 0 while
// leaving a feature that varies free.
constexpr double kRidge = 1e-5;

struct Buffers {
    int width, height;
    std::vector<std::array<float, kFeatures>> features;
    std::vector<std::array<float, 3>> variance; // of one half buffer's value
    std::array<const std::vector<float>*, 2> halves;

    std::size_t at(int x, int y) const {
        return static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
               static_cast<std::size_t>(x);
    }
    float half(int h, int x, int y, int c) const {
        return (*halves[static_cast<std::size_t>(h)])[at(x, y) * 3 + static_cast<std::size_t>(c)];
    }
};

// One window's fit of a strip of one half: its colour, and the estimate of its squared error per
// pixel (summed over the channels).
struct Filtered {
    std::vector<float> colour, error;
};

float finiteOr0(float v) {
    return std::isfinite(v) ? v : 0.0f;
}

// Albedo, normal and depth (over the farthest hit, so that the features are all of order 1; 2
// where nothing was hit, farther than any hit).
std::vector<std::array<float, kFeatures>> features(const DenoiserInput& in) {
    float farthest = 0;
    for (const float d : in.depth)
        if (std::isfinite(d))
            farthest = std::max(farthest, d);
    const float scale = farthest > 0 ? 1 / farthest : 1.0f;
    std::vector<std::array<float, kFeatures>> f(in.depth.size());
    for (std::size_t p = 0; p < f.size(); ++p) {
        for (std::size_t c = 0; c < 3; ++c) {
            f[p][c] = finiteOr0(in.albedo[p * 3 + c]);
            f[p][3 + c] = finiteOr0(in.normal[p * 3 + c]);
        }
        f[p][6] = std::isfinite(in.depth[p]) ? in.depth[p] * scale : 2.0f;
    }
    return f;
}

// The mean of `values` (n per pixel) over each pixel's (2 radius + 1)^2 neighbours in the image.
template <std::size_t N>
std::vector<std::array<float, N>> boxMean(const std::vector<std::array<float, N>>& values, int w,
                                          int h, int radius) {
    std::vector<std::array<float, N>> smooth(values.size());
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            std::array<float, N> sum{};
            int n = 0;
            forEachPixelNear(x, y, radius, radius, {0, 0, w - 1, h - 1}, [&](int qx, int qy) {
                ++n;
                for (std::size_t c = 0; c < N; ++c)
                    sum[c] += values[static_cast<std::size_t>(qy) * w + qx][c];
            });
            for (std::size_t c = 0; c < N; ++c)
                smooth[static_cast<std::size_t>(y) * w + x][c] = sum[c] / static_cast<float>(n);
        }
    return smooth;
}

// A half buffer's variance per pixel and channel: E[(h0 - h1)^2] is twice it, and one pixel's
// squared difference is smoothed over its 3 x 3 neighbours.
std::vector<std::array<float, 3>> halfVariance(const std::vector<float>& half0,
                                               const std::vector<float>& half1, int w, int h) {
    std::vector<std::array<float, 3>> raw(static_cast<std::size_t>(w) * h);
    for (std::size_t p = 0; p < raw.size(); ++p)
        for (std::size_t c = 0; c < 3; ++c) {
            const float d = half0[p * 3 + c] - half1[p * 3 + c];
            raw[p][c] = d * d / 2;
        }
    return boxMean(raw, w, h, 1);
}

// The normal equations of one pixel's regression: sum w x x^T (its upper triangle, row by row),
// then sum w x_i c for each term i and channel c.
constexpr int kSums = kMatrix + 3 * kTerms;
using Sums = std::array<float, kSums>;
constexpr std::size_t rhsAt(std::size_t term, std::size_t channel) {
    return kMatrix + term * 3 + channel;
}

// A regression's estimate at its centre pixel, and the centre's own weight in it (the diagonal of
// the hat matrix, which the centre's weight of 1 and its features' differences of 0 make the
// constant term's diagonal element of the normal matrix's inverse).
struct Fit {
    std::array<float, 3> colour;
    float self;
};

// The constant term's coefficient of (A + ridge) beta = b, by Cholesky in double; the weighted
// mean where the system is not positive definite. The constant term is ordered last, so that with
// A = L L^T its coefficient is (L^-1 b)_last / L_last,last and its diagonal element of A^-1 is
// 1 / L_last,last^2: one forward substitution per channel and no back substitution.
Fit solve(const Sums& a) {
    // Term i of the accumulator (constant first) is row (i + kTerms - 1) mod kTerms here.
    const auto row = [](std::size_t i) { return (i + kTerms - 1) % kTerms; };
    std::array<std::array<double, kTerms>, kTerms> m{};
    for (std::size_t i = 0, k = 0; i < kTerms; ++i)
        for (std::size_t j = i; j < kTerms; ++j, ++k)
            m[row(i)][row(j)] = m[row(j)][row(i)] = a[k];
    constexpr std::size_t last = kTerms - 1;
    const double total = m[last][last];
    Fit mean{{}, total > 0 ? static_cast<float>(1 / total) : 1.0f};
    for (std::size_t c = 0; c < 3; ++c)
        mean.colour[c] = total > 0 ? static_cast<float>(a[rhsAt(0, c)] / total) : 0.0f;
    for (std::size_t i = 0; i < last; ++i)
        m[i][i] += kRidge * total + 1e-12;
    // Cholesky: m = L L^T, L in the lower triangle of m, its diagonal's inverses kept.
    std::array<double, kTerms> inverse{};
    for (std::size_t j = 0; j < kTerms; ++j) {
        double d = m[j][j];
        for (std::size_t k = 0; k < j; ++k)
            d -= m[j][k] * m[j][k];
        if (!(d > 0))
            return mean;
        inverse[j] = 1 / std::sqrt(d);
        for (std::size_t i = j + 1; i < kTerms; ++i) {
            double s = m[i][j];
            for (std::size_t k = 0; k < j; ++k)
                s -= m[i][k] * m[j][k];
            m[i][j] = s * inverse[j];
        }
    }
    Fit fit{{}, static_cast<float>(inverse[last] * inverse[last])};
    for (std::size_t c = 0; c < 3; ++c) {
        std::array<double, kTerms> z{};
        for (std::size_t i = 0; i < kTerms; ++i) {
            double s = a[rhsAt((i + 1) % kTerms, c)];
            for (std::size_t k = 0; k < i; ++k)
                s -= m[i][k] * z[k];
            z[i] = s * inverse[i];
        }
        const double beta = z[last] * inverse[last];
        fit.colour[c] = std::isfinite(beta) ? static_cast<float>(beta) : mean.colour[c];
    }
    if (!std::isfinite(fit.self))
        fit.self = mean.self;
    return fit;
}

// The window's offsets ring by ring (by their larger coordinate), so that each smaller window is
// complete before the next ring is added.
std::vector<std::array<int, 2>> offsetsByRing() {
    std::vector<std::array<int, 2>> offsets;
    const int radius = kWindowRadii.back();
    for (int ring = 0; ring <= radius; ++ring)
        for (int dy = -ring; dy <= ring; ++dy)
            for (int dx = -ring; dx <= ring; ++dx)
                if (std::max(std::abs(dx), std::abs(dy)) == ring)
                    offsets.push_back({dx, dy});
    return offsets;
}

// The weight of each pixel of rows [y0, y1)'s neighbour at (dx, dy): exp(-max(0, D)), D the mean
// over a 3 x 3 patch of the guide half's variance-normalised colour distance; `term` and `across`
// are scratch space of (rows + 2 kPatchRadius) x width.
void neighbourWeights(const Buffers& b, int guide, int y0, int y1, int dx, int dy,
                      std::vector<float>& term, std::vector<float>& across,
                      std::vector<float>& weight) {
    const int w = b.width, h = b.height, rows = y1 - y0, patchRows = rows + 2 * kPatchRadius;
    for (int r = 0; r < patchRows; ++r) {
        const int y = std::clamp(y0 - kPatchRadius + r, 0, h - 1);
        for (int x = 0; x < w; ++x) {
            const int qx = x + dx, qy = y + dy;
            float t = INFINITY; // a neighbour outside the image weighs nothing
            if (qx >= 0 && qy >= 0 && qx < w && qy < h) {
                t = 0;
                const auto& vp = b.variance[b.at(x, y)];
                const auto& vq = b.variance[b.at(qx, qy)];
                for (int c = 0; c < 3; ++c) {
                    const float d = b.half(guide, x, y, c) - b.half(guide, qx, qy, c);
                    const float vpc = vp[static_cast<std::size_t>(c)],
                                vqc = vq[static_cast<std::size_t>(c)];
                    t += (d * d - (vpc + std::min(vpc, vqc))) /
                         (kFloor + kBandwidth * kBandwidth * (vpc + vqc));
                }
                t /= 3;
            }
            term[static_cast<std::size_t>(r) * w + x] = t;
        }
    }
    // The patch mean, separably: across, then down.
    for (int r = 0; r < patchRows; ++r)
        for (int x = 0; x < w; ++x) {
            float s = 0;
            int n = 0;
            for (int k = -kPatchRadius; k <= kPatchRadius; ++k)
                if (x + k >= 0 && x + k < w) {
                    s += term[static_cast<std::size_t>(r) * w + x + k];
                    ++n;
                }
            across[static_cast<std::size_t>(r) * w + x] = s / static_cast<float>(n);
        }
    for (int r = 0; r < rows; ++r)
        for (int x = 0; x < w; ++x) {
            float distance = 0;
            for (int k = -kPatchRadius; k <= kPatchRadius; ++k)
                distance += across[static_cast<std::size_t>(r + kPatchRadius + k) * w + x];
            distance /= 2 * kPatchRadius + 1;
            weight[static_cast<std::size_t>(r) * w + x] = std::exp(-std::max(0.0f, distance));
        }
}

// The sums of a strip's regressions, term by term: term k of pixel x of the strip's row r is
// element (r kSums + k) width + x, so that adding a neighbour to a row is a loop over its pixels
// per term, which the compiler vectorises.
struct StripSums {
    int width;
    std::vector<float> sums;

    std::size_t at(int row, std::size_t k) const {
        return (static_cast<std::size_t>(row) * kSums + k) * static_cast<std::size_t>(width);
    }
    float* term(int row, std::size_t k) { return &sums[at(row, k)]; }
    Sums of(int row, int x) const {
        Sums a;
        for (std::size_t k = 0; k < kSums; ++k)
            a[k] = sums[at(row, k) + static_cast<std::size_t>(x)];
        return a;
    }
};

// Each pixel of rows [y0, y1) of half `target` fitted over the window so far: its colour, and
// Stein's unbiased estimate of its squared error, |fit - y|^2 - sigma^2 + 2 sigma^2 self, which
// holds because the fit is linear in the target half with weights that do not depend on it.
void storeFits(const Buffers& b, int target, int y0, int y1, const StripSums& sums, Filtered& out) {
    for (int y = y0; y < y1; ++y)
        for (int x = 0; x < b.width; ++x) {
            const std::size_t cell = static_cast<std::size_t>(y - y0) * b.width + x;
            const Fit fit = solve(sums.of(y - y0, x));
            const auto& variance = b.variance[b.at(x, y)];
            float error = 0;
            for (std::size_t c = 0; c < 3; ++c) {
                const float d = fit.colour[c] - b.half(target, x, y, static_cast<int>(c));
                error += d * d - variance[c] + 2 * variance[c] * fit.self;
                out.colour[cell * 3 + c] = fit.colour[c];
            }
            out.error[cell] = error;
        }
}

// Adds to row `row` (image row y) of `sums` each pixel's neighbour at (dx, dy), weighted by
// `weight` (a row): its terms x (1, then its features less the pixel's) and half `target`'s
// colour. A neighbour outside the image, or of weight 0, adds zeros. `scratch` holds
// (2 kTerms + 3) rows. This is most of the denoiser's arithmetic, one multiply and add per term per
// pixel, so it is also compiled for AVX2 and picked at run time where the processor has it: twice
// the lanes for the same operations in the same order, hence the same bits (no fused
// multiply-adds: the build turns contraction off).
__attribute__((target_clones("avx2", "default"))) void
addNeighbours(const Buffers& b, int target, int row, int y, int dx, int dy, const float* weight,
              StripSums& sums, std::vector<float>& scratch) {
    const int w = b.width, qy = y + dy;
    const auto n = static_cast<std::size_t>(w);
    float* v = scratch.data();       // kTerms rows: the terms
    float* wv = v + kTerms * n;      // kTerms rows: the terms times the weight
    float* colour = wv + kTerms * n; // 3 rows: the neighbour's colour
    for (int x = 0; x < w; ++x) {
        const int qx = x + dx;
        const auto i = static_cast<std::size_t>(x);
        const bool inside = qx >= 0 && qx < w && weight[x] > 0;
        v[i] = 1;
        wv[i] = inside ? weight[x] : 0.0f;
        const auto& fp = b.features[b.at(x, y)];
        const auto& fq = b.features[b.at(std::clamp(qx, 0, w - 1), qy)];
        for (std::size_t f = 0; f < kFeatures; ++f)
            v[(f + 1) * n + i] = inside ? fq[f] - fp[f] : 0.0f;
        for (std::size_t c = 0; c < 3; ++c)
            colour[c * n + i] = inside ? b.half(target, qx, qy, static_cast<int>(c)) : 0.0f;
    }
    for (std::size_t t = 1; t < kTerms; ++t)
        for (std::size_t i = 0; i < n; ++i)
            wv[t * n + i] = wv[i] * v[t * n + i];
    std::size_t k = 0;
    for (std::size_t t = 0; t < kTerms; ++t)
        for (std::size_t u = t; u < kTerms; ++u, ++k) {
            float* out = sums.term(row, k);
            for (std::size_t i = 0; i < n; ++i)
                out[i] += wv[t * n + i] * v[u * n + i];
        }
    for (std::size_t t = 0; t < kTerms; ++t)
        for (std::size_t c = 0; c < 3; ++c) {
            float* out = sums.term(row, rhsAt(t, c));
            for (std::size_t i = 0; i < n; ++i)
                out[i] += wv[t * n + i] * colour[c * n + i];
        }
}

// Rows [y0, y1) of half `target` regressed over each window with weights from the other half.
void regressStrip(const Buffers& b, int target, int y0, int y1,
                  std::array<Filtered, kWindows>& out) {
    const int w = b.width, h = b.height, rows = y1 - y0;
    const auto cells = static_cast<std::size_t>(rows) * static_cast<std::size_t>(w);
    StripSums sums{w, std::vector<float>(cells * kSums)};
    std::vector<float> term(static_cast<std::size_t>(rows + 2 * kPatchRadius) * w),
        across(term.size()), weight(cells), scratch((2 * kTerms + 3) * static_cast<std::size_t>(w));
    std::size_t window = 0;
    for (const auto& [dx, dy] : offsetsByRing()) {
        if (std::max(std::abs(dx), std::abs(dy)) > kWindowRadii[window])
            storeFits(b, target, y0, y1, sums, out[window++]);
        neighbourWeights(b, 1 - target, y0, y1, dx, dy, term, across, weight);
        for (int r = 0; r < rows; ++r)
            if (const int qy = y0 + r + dy; qy >= 0 && qy < h)
                addNeighbours(b, target, r, y0 + r, dx, dy,
                              &weight[static_cast<std::size_t>(r) * w], sums, scratch);
    }
    storeFits(b, target, y0, y1, sums, out[window]);
}

// Each window's result for the whole image: the mean of the two filtered halves, and the
// estimated squared error of that mean, (e0 + e1) / 2 - |f0 - f1|^2 / 4 (the halves' noise taken
// as independent, their mean has half the variance and all the bias of either).
struct WindowResults {
    std::array<std::vector<float>, kWindows> colour;
    std::vector<std::array<float, kWindows>> error;
};

// Rows [y0, y1): both halves regressed, and each window's mean and error written to `out`.
void filterStrip(const Buffers& b, int y0, int y1, WindowResults& out) {
    const auto cells = static_cast<std::size_t>(y1 - y0) * static_cast<std::size_t>(b.width);
    std::array<std::array<Filtered, kWindows>, 2> halves;
    for (int half = 0; half < 2; ++half) {
        for (Filtered& f : halves[static_cast<std::size_t>(half)])
            f = {std::vector<float>(cells * 3), std::vector<float>(cells)};
        regressStrip(b, half, y0, y1, halves[static_cast<std::size_t>(half)]);
    }
    const std::size_t first = b.at(0, y0);
    for (std::size_t i = 0; i < kWindows; ++i) {
        const Filtered &f0 = halves[0][i], &f1 = halves[1][i];
        for (std::size_t cell = 0; cell < cells; ++cell) {
            float spread = 0;
            for (std::size_t c = 0; c < 3; ++c) {
                const float d = f0.colour[cell * 3 + c] - f1.colour[cell * 3 + c];
                spread += d * d;
                out.colour[i][(first + cell) * 3 + c] =
                    0.5f * (f0.colour[cell * 3 + c] + f1.colour[cell * 3 + c]);
            }
            out.error[first + cell][i] = 0.5f * (f0.error[cell] + f1.error[cell]) - spread / 4;
        }
    }
}

// The halves with their outliers scaled down to kOutlierFactor times the brightest of the other
// half's pixels around them (brightness: the mean of R, G and B).
std::array<std::vector<float>, 2> withoutOutliers(const DenoiserInput& in) {
    const int w = in.width, h = in.height;
    std::array<std::vector<float>, 2> halves{in.half0, in.half1};
    std::array<std::vector<float>, 2> brightness;
    for (std::size_t half = 0; half < 2; ++half) {
        for (float& v : halves[half])
            v = finiteOr0(v);
        brightness[half].resize(halves[half].size() / 3);
        for (std::size_t p = 0; p < brightness[half].size(); ++p)
            brightness[half][p] =
                (halves[half][p * 3] + halves[half][p * 3 + 1] + halves[half][p * 3 + 2]) / 3;
    }
    for (std::size_t half = 0; half < 2; ++half) {
        const std::vector<float>& other = brightness[1 - half];
        std::vector<float>& values = halves[half];
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                float brightest = 0;
                forEachPixelNear(x, y, kOutlierRadius, kOutlierRadius, {0, 0, w - 1, h - 1},
                                 [&](int qx, int qy) {
                                     brightest = std::max(
                                         brightest, other[static_cast<std::size_t>(qy) * w + qx]);
                                 });
                const std::size_t p = static_cast<std::size_t>(y) * w + x;
                const float own = brightness[half][p], limit = kOutlierFactor * brightest;
                if (own > limit)
                    for (std::size_t c = 0; c < 3; ++c)
                        values[p * 3 + c] *= limit / own;
            }
    }
    return halves;
}

} // namespace

std::vector<float> denoise(const DenoiserInput& in) {
    const auto pixels = static_cast<std::size_t>(std::max(0, in.width)) *
                        static_cast<std::size_t>(std::max(0, in.height));
    for (const auto* buffer : {&in.half0, &in.half1, &in.albedo, &in.normal})
        if (buffer->size() != pixels * 3)
            throw std::invalid_argument("denoise: a buffer's size is not 3 x width x height");
    if (in.depth.size() != pixels)
        throw std::invalid_argument("denoise: the depth buffer's size is not width x height");
    if (pixels == 0)
        return {};
    const std::array<std::vector<float>, 2> halves = withoutOutliers(in);
    const Buffers b{in.width,
                    in.height,
                    features(in),
                    halfVariance(halves[0], halves[1], in.width, in.height),
                    {&halves[0], &halves[1]}};
    WindowResults windows;
    for (auto& colour : windows.colour)
        colour.resize(pixels * 3);
    windows.error.resize(pixels);
    const int strips = (in.height + kStripRows - 1) / kStripRows;
    // Each strip is one task writing its own rows: the same bits for any thread count.
    tbb::parallel_for(tbb::blocked_range<int>(0, strips, 1), [&](const auto& range) {
        for (int strip = range.begin(); strip < range.end(); ++strip) {
            const int y0 = strip * kStripRows;
            filterStrip(b, y0, std::min(in.height, y0 + kStripRows), windows);
        }
    });
    const auto error = boxMean(windows.error, in.width, in.height, kSelectionRadius);
    std::vector<float> result(pixels * 3);
    for (std::size_t p = 0; p < pixels; ++p) {
        const auto best = static_cast<std::size_t>(
            std::min_element(error[p].begin(), error[p].end()) - error[p].begin());
        for (std::size_t c = 0; c < 3; ++c)
            result[p * 3 + c] = windows.colour[best][p * 3 + c];
    }
    return result;
}

} // namespace lrt
