// Pearson's chi-square test of observed against expected counts, as the sampling tests use it:
// bins expecting fewer than 5 are pooled into one, and the critical value at a one-sided
// significance comes from the Wilson-Hilferty approximation of the chi-square quantile.
#pragma once

#include <cmath>
#include <cstddef>
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

} // namespace lrt::testing
