// The denoiser's passes: features and variance per pixel, then for each half buffer a weighted
// first-order regression whose weights come from the other half (so that a weight never favours
// the noise of the value it weighs), and the mean of the two filtered halves.
#include "renderer/denoise/denoiser.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <stdexcept>

namespace lrt {

namespace {

constexpr int kWindowRadius = 5;    // the regression's window: 11 x 11 pixels
constexpr int kPatchRadius = 1;     // patches of 3 x 3 pixels compare colours
constexpr float kBandwidth = 0.45f; // k of Rousselle et al.'s patch distance
constexpr float kFloor = 1e-4f;     // keeps the distance finite where the variance is 0
constexpr int kFeatures = 7;        // albedo RGB, normal XYZ, depth
constexpr int kTerms = kFeatures + 1;
constexpr int kMatrix = kTerms * (kTerms + 1) / 2; // the normal equations' upper triangle
constexpr int kStripRows = 16;                     // rows regressed together (bounded memory)
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

// A half buffer's variance per pixel and channel: E[(h0 - h1)^2] is twice it, and one pixel's
// squared difference is smoothed over its 3 x 3 neighbours.
std::vector<std::array<float, 3>> halfVariance(const DenoiserInput& in) {
    const int w = in.width, h = in.height;
    std::vector<std::array<float, 3>> raw(static_cast<std::size_t>(w) * h), smooth(raw.size());
    for (std::size_t p = 0; p < raw.size(); ++p)
        for (std::size_t c = 0; c < 3; ++c) {
            const float d = finiteOr0(in.half0[p * 3 + c]) - finiteOr0(in.half1[p * 3 + c]);
            raw[p][c] = d * d / 2;
        }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            std::array<float, 3> sum{};
            int n = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int qx = x + dx, qy = y + dy;
                    if (qx < 0 || qy < 0 || qx >= w || qy >= h)
                        continue;
                    ++n;
                    for (std::size_t c = 0; c < 3; ++c)
                        sum[c] += raw[static_cast<std::size_t>(qy) * w + qx][c];
                }
            for (std::size_t c = 0; c < 3; ++c)
                smooth[static_cast<std::size_t>(y) * w + x][c] = sum[c] / static_cast<float>(n);
        }
    return smooth;
}

// The normal equations of one pixel's regression: sum w x x^T (upper triangle) and sum w x c.
struct Accumulator {
    std::array<float, kMatrix> matrix{};
    std::array<std::array<float, 3>, kTerms> rhs{};
};

// beta_0 of (A + ridge) beta = b, by Cholesky in double; the weighted mean where the system is not
// positive definite.
std::array<float, 3> solve(const Accumulator& a) {
    std::array<std::array<double, kTerms>, kTerms> m{};
    for (int i = 0, k = 0; i < kTerms; ++i)
        for (int j = i; j < kTerms; ++j, ++k)
            m[i][j] = m[j][i] = a.matrix[static_cast<std::size_t>(k)];
    const double total = m[0][0];
    std::array<float, 3> mean{};
    for (std::size_t c = 0; c < 3; ++c)
        mean[c] = total > 0 ? static_cast<float>(a.rhs[0][c] / total) : 0.0f;
    for (std::size_t i = 1; i < kTerms; ++i)
        m[i][i] += kRidge * total + 1e-12;
    // Cholesky: m = L L^T, L in the lower triangle of m.
    for (std::size_t j = 0; j < kTerms; ++j) {
        double d = m[j][j];
        for (std::size_t k = 0; k < j; ++k)
            d -= m[j][k] * m[j][k];
        if (!(d > 0))
            return mean;
        m[j][j] = std::sqrt(d);
        for (std::size_t i = j + 1; i < kTerms; ++i) {
            double s = m[i][j];
            for (std::size_t k = 0; k < j; ++k)
                s -= m[i][k] * m[j][k];
            m[i][j] = s / m[j][j];
        }
    }
    std::array<float, 3> result{};
    for (std::size_t c = 0; c < 3; ++c) {
        std::array<double, kTerms> z{};
        for (std::size_t i = 0; i < kTerms; ++i) {
            double s = a.rhs[i][c];
            for (std::size_t k = 0; k < i; ++k)
                s -= m[i][k] * z[k];
            z[i] = s / m[i][i];
        }
        for (std::size_t i = kTerms; i-- > 0;) {
            double s = z[i];
            for (std::size_t k = i + 1; k < kTerms; ++k)
                s -= m[k][i] * z[k];
            z[i] = s / m[i][i];
        }
        result[c] = std::isfinite(z[0]) ? static_cast<float>(z[0]) : mean[c];
    }
    return result;
}

// Rows [y0, y1) of half `target` regressed with weights from the other half; written to `out`.
void regressStrip(const Buffers& b, int target, int y0, int y1, std::vector<float>& out) {
    const int w = b.width, h = b.height, guide = 1 - target;
    const int rows = y1 - y0, patchRows = rows + 2 * kPatchRadius;
    std::vector<Accumulator> acc(static_cast<std::size_t>(rows) * w);
    // Per offset: each pixel's patch-distance term, then its mean over the patch.
    std::vector<float> term(static_cast<std::size_t>(patchRows) * w), across(term.size());
    for (int dy = -kWindowRadius; dy <= kWindowRadius; ++dy)
        for (int dx = -kWindowRadius; dx <= kWindowRadius; ++dx) {
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
            for (int r = 0; r < rows; ++r) {
                const int y = y0 + r, qy = y + dy;
                if (qy < 0 || qy >= h)
                    continue;
                for (int x = 0; x < w; ++x) {
                    const int qx = x + dx;
                    if (qx < 0 || qx >= w)
                        continue;
                    float distance = 0;
                    for (int k = -kPatchRadius; k <= kPatchRadius; ++k)
                        distance += across[static_cast<std::size_t>(r + kPatchRadius + k) * w + x];
                    distance /= 2 * kPatchRadius + 1;
                    const float weight = std::exp(-std::max(0.0f, distance));
                    if (!(weight > 0))
                        continue;
                    std::array<float, kTerms> v;
                    v[0] = 1;
                    const auto& fp = b.features[b.at(x, y)];
                    const auto& fq = b.features[b.at(qx, qy)];
                    for (std::size_t i = 0; i < kFeatures; ++i)
                        v[i + 1] = fq[i] - fp[i];
                    Accumulator& a = acc[static_cast<std::size_t>(r) * w + x];
                    for (std::size_t i = 0, k = 0; i < kTerms; ++i) {
                        const float wi = weight * v[i];
                        for (std::size_t j = i; j < kTerms; ++j, ++k)
                            a.matrix[k] += wi * v[j];
                        for (int c = 0; c < 3; ++c)
                            a.rhs[i][static_cast<std::size_t>(c)] += wi * b.half(target, qx, qy, c);
                    }
                }
            }
        }
    for (int r = 0; r < rows; ++r)
        for (int x = 0; x < w; ++x) {
            const std::array<float, 3> value = solve(acc[static_cast<std::size_t>(r) * w + x]);
            for (std::size_t c = 0; c < 3; ++c)
                out[b.at(x, y0 + r) * 3 + c] = value[c];
        }
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
    const Buffers b{in.width, in.height, features(in), halfVariance(in), {&in.half0, &in.half1}};
    std::array<std::vector<float>, 2> filtered{std::vector<float>(pixels * 3),
                                               std::vector<float>(pixels * 3)};
    const int strips = (in.height + kStripRows - 1) / kStripRows;
    // Each strip of each half is one task writing its own rows: the same bits for any thread
    // count.
    tbb::parallel_for(tbb::blocked_range<int>(0, 2 * strips, 1), [&](const auto& range) {
        for (int task = range.begin(); task < range.end(); ++task) {
            const int half = task % 2, strip = task / 2;
            const int y0 = strip * kStripRows, y1 = std::min(in.height, y0 + kStripRows);
            regressStrip(b, half, y0, y1, filtered[static_cast<std::size_t>(half)]);
        }
    });
    std::vector<float> result(pixels * 3);
    for (std::size_t i = 0; i < result.size(); ++i)
        result[i] = 0.5f * (filtered[0][i] + filtered[1][i]);
    return result;
}

} // namespace lrt
