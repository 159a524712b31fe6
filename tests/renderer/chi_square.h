// Pearson's chi-square test of observed against expected counts, as the sampling tests use it:
// bins expecting fewer than 5 are pooled into one, and the critical value at a one-sided
// significance comes from the Wilson-Hilferty approximation of the chi-square quantile.
#pragma once

#include "renderer/core/vector.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <numbers>
#include <optional>
#include <random>
#include <vector>

namespace lrt::testing {

struct ChiSquare {
    double statistic = 0;
    int degreesOfFreedom = -1;

    // The value the statistic stays below with probability 1 - alpha, for the standard normal
    // quantile z of 1 - alpha (3.719 for alpha = 1e-4).
    double critical(double z) const {
        const double k = 2.0 / (9 * degreesOfFreedom);
        return degreesOfFreedom * std::pow(1 - k + z * std::sqrt(k), 3);
    }
};

inline ChiSquare chiSquare(const std::vector<double>& observed,
                           const std::vector<double>& expected) {
    ChiSquare result;
    double pooledObserved = 0, pooledExpected = 0;
    for (std::size_t b = 0; b < observed.size(); ++b) {
        if (expected[b] < 5) {
            pooledObserved += observed[b];
            pooledExpected += expected[b];
            continue;
        }
        result.statistic += (observed[b] - expected[b]) * (observed[b] - expected[b]) / expected[b];
        ++result.degreesOfFreedom;
    }
    if (pooledExpected >= 5) {
        result.statistic +=
            (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
        ++result.degreesOfFreedom;
    }
    return result;
}

// Uniform floats in [0, 1): the top 24 bits of a Mersenne twister (the standard distribution's
// canonical generation costs more than the samples it feeds).
struct Uniform {
    std::mt19937 engine;
    explicit Uniform(unsigned seed) : engine(seed) {}
    float operator()() { return static_cast<float>(engine() >> 8) * 0x1p-24f; }
};

// The integral of `density` over the directions with theta in [t0, t1] and phi in [p0, p1]:
// adaptive midpoint quadrature in (theta, phi), split at least twice and then until 2 x 2
// and 4 x 4 rules agree, so that a lobe narrower than a bin (a low or anisotropic roughness) is
// resolved rather than missed by both rules.
inline double integrateOverDirections(const std::function<double(Vec3)>& density, double t0,
                                      double t1, double p0, double p1, int depth = 0) {
    const auto rule = [&](int n) {
        double sum = 0;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const double theta = t0 + (t1 - t0) * (i + 0.5) / n;
                const double phi = p0 + (p1 - p0) * (j + 0.5) / n;
                const Vec3 w{static_cast<float>(std::sin(theta) * std::cos(phi)),
                             static_cast<float>(std::sin(theta) * std::sin(phi)),
                             static_cast<float>(std::cos(theta))};
                sum += density(w) * std::sin(theta);
            }
        return sum * (t1 - t0) * (p1 - p0) / (n * n);
    };
    const double coarse = rule(2), fine = rule(4);
    if (depth >= 8 || (depth >= 2 && std::fabs(fine - coarse) <= 1e-8 + 1e-4 * std::fabs(fine)))
        return fine;
    const double tm = (t0 + t1) / 2, pm = (p0 + p1) / 2;
    return integrateOverDirections(density, t0, tm, p0, pm, depth + 1) +
           integrateOverDirections(density, t0, tm, pm, p1, depth + 1) +
           integrateOverDirections(density, tm, t1, p0, pm, depth + 1) +
           integrateOverDirections(density, tm, t1, pm, p1, depth + 1);
}

// Samples per sphere test: fewer where the code under test runs under the sanitizers (the test
// stays exact, only less sensitive).
#ifdef LRT_SANITIZED
inline constexpr int kSphereSamples = 200000;
#else
inline constexpr int kSphereSamples = 1000000;
#endif
// The standard normal's upper 1e-4 quantile: each test's significance (the critical value's z).
inline constexpr double kUpperQuantile = 3.719;

// A sampling routine against its density over the whole sphere, as Mitsuba 3's chi2 tests: the
// samples binned on a 10 x 20 grid of (cos theta in [-1, 1], phi), against the density integrated
// over each bin. `mass` is the density's integral, `drawn` the share of samples drawn (a routine
// may draw none, and its density then integrates to less than 1).
struct SphereChiSquare {
    ChiSquare test;
    double mass = 0, drawn = 0;
};

inline SphereChiSquare sphereChiSquare(int samples,
                                       const std::function<std::optional<Vec3>(Uniform&)>& sample,
                                       const std::function<double(Vec3)>& density) {
    constexpr int thetaBins = 10, phiBins = 20;
    constexpr double twoPi = 2 * std::numbers::pi;
    std::vector<double> observed(thetaBins * phiBins, 0), expected(thetaBins * phiBins, 0);
    Uniform uniform(17);
    SphereChiSquare result;
    int drawn = 0;
    for (int i = 0; i < samples; ++i) {
        const std::optional<Vec3> wi = sample(uniform);
        if (!wi)
            continue;
        ++drawn;
        double phi = std::atan2(wi->y, wi->x);
        if (phi < 0)
            phi += twoPi;
        const int t = std::clamp(static_cast<int>((wi->z + 1) / 2 * thetaBins), 0, thetaBins - 1);
        const int p = std::clamp(static_cast<int>(phi / twoPi * phiBins), 0, phiBins - 1);
        ++observed[static_cast<std::size_t>(t * phiBins + p)];
    }
    result.drawn = static_cast<double>(drawn) / samples;
    for (int t = 0; t < thetaBins; ++t)
        for (int p = 0; p < phiBins; ++p) {
            // Bin t holds cos theta in [-1 + 2t / thetaBins, -1 + 2(t + 1) / thetaBins].
            const double t0 = std::acos(-1 + 2.0 * (t + 1) / thetaBins),
                         t1 = std::acos(-1 + 2.0 * t / thetaBins);
            const double probability = integrateOverDirections(density, t0, t1, twoPi * p / phiBins,
                                                               twoPi * (p + 1) / phiBins);
            expected[static_cast<std::size_t>(t * phiBins + p)] = probability * samples;
            result.mass += probability;
        }
    result.test = chiSquare(observed, expected);
    return result;
}

} // namespace lrt::testing
