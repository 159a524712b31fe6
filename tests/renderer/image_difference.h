// The mean difference of two renders of one scene over a rectangle of pixels, with its standard
// error, for tests that hold two estimators of the same image to each other.
#pragma once

#include "renderer/image/image_file.h"

#include <algorithm>
#include <cmath>

namespace lrt::testing {

// The mean of b - a over pixels [x0, x1) x [y0, y1) in channel c, its standard error (the spread
// of the differences over sqrt(n): pixels are independent estimates), and a's mean there.
struct Difference {
    double mean = 0, error = 0, level = 0;
};
inline Difference difference(const Image& a, const Image& b, int x0, int y0, int x1, int y1,
                             int c) {
    double sum = 0, sumSquares = 0, level = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const double d = b.at(x, y, c) - a.at(x, y, c);
            sum += d, sumSquares += d * d, level += a.at(x, y, c);
        }
    const double n = static_cast<double>(x1 - x0) * (y1 - y0), mean = sum / n;
    const double variance = std::max(0.0, (sumSquares - n * mean * mean) / (n - 1));
    return {mean, std::sqrt(variance / n), level / n};
}

} // namespace lrt::testing
