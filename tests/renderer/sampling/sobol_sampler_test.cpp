// The Sobol sampler's guarantees: every dimension's prefixes are nets, with a discrepancy below
// random numbers', pixels of an aligned square form a finer net, nothing is shared, and the points
// are those of the plain formula whichever of its shortcuts the sampler takes.
#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/sobol.h"
#include "renderer/sampling/sobol_sampler.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <set>
#include <vector>

using namespace lrt;

namespace {

using namespace lrt;

// Which of n equal intervals of [0, 1) the value lies in.
int intervalOf(float value, int n) {
    return std::min(n - 1, static_cast<int>(std::floor(value * static_cast<float>(n))));
}

} // namespace

namespace {

// The Sobol sampler of `spp` samples a pixel, for the render seed `seed`.
SobolSampler sobolPattern(int spp, std::uint64_t seed = 1) {
    return SobolSampler({spp, 1, true, 0, mix64(seed)});
}

// Every dimension the integrators draw, for the first `bounces` bounces; lights 0, 5 and 11 (the
// sampler keeps the scrambles of the first few bounces and lights only).
std::vector<SampleDimension> everyDimension(int bounces) {
    std::vector<SampleDimension> dimensions{SampleDimension::film(), SampleDimension::lens()};
    for (int b = 0; b < bounces; ++b)
        for (const SampleDimension d :
             {SampleDimension::lightChoice(b), SampleDimension::light(b, 0),
              SampleDimension::light(b, 5), SampleDimension::light(b, 11), SampleDimension::bsdf(b),
              SampleDimension::lobeAndRoulette(b)})
            dimensions.push_back(d);
    return dimensions;
}

std::vector<Vec2> sobolPoints(const Sampler& sampler, int x, int y, int count,
                              SampleDimension dimension) {
    std::vector<Vec2> points;
    for (int i = 0; i < count; ++i)
        points.push_back(
            sampler.sample(sampler.start(x, y, i, pixelHash(1, 0, x, y)), {0.5f, 0.5f}, dimension));
    return points;
}

// One point in each of the 2^a x 2^(k-a) cells, for every a: a (0,k,2)-net.
bool isNet(const std::vector<Vec2>& points, int k) {
    for (int a = 0; a <= k; ++a) {
        std::vector<int> cells(std::size_t{1} << k);
        for (const Vec2& p : points)
            ++cells[static_cast<std::size_t>(intervalOf(p.y, 1 << (k - a)) << a |
                                             intervalOf(p.x, 1 << a))];
        if (!std::all_of(cells.begin(), cells.end(), [](int c) { return c == 1; }))
            return false;
    }
    return true;
}

// The squared L2-star discrepancy of points in [0,1)^d (Warnock's formula), d = 1 or 2.
double l2StarDiscrepancy(const std::vector<Vec2>& points, int dimensions) {
    const auto n = static_cast<double>(points.size());
    const auto coordinate = [&](const Vec2& p, int d) { return d == 0 ? double{p.x} : p.y; };
    double single = 0, pairs = 0;
    for (const Vec2& p : points) {
        double product = 1;
        for (int d = 0; d < dimensions; ++d)
            product *= (1 - coordinate(p, d) * coordinate(p, d)) / 2;
        single += product;
        for (const Vec2& q : points) {
            double both = 1;
            for (int d = 0; d < dimensions; ++d)
                both *= 1 - std::max(coordinate(p, d), coordinate(q, d));
            pairs += both;
        }
    }
    return std::pow(3.0, -dimensions) - 2 / n * single + pairs / (n * n);
}

} // namespace

TEST_CASE("Sobol: every dimension of every bounce spreads each power-of-two prefix as a net",
          "[sampling][sobol]") {
    const SobolSampler pattern = sobolPattern(64);
    for (const auto& [x, y] : {std::pair{0, 0}, std::pair{5, 9}, std::pair{1000, 3}})
        for (const SampleDimension dimension : everyDimension(20))
            for (int k = 0; k <= 6; ++k) {
                INFO("pixel (" << x << ", " << y << "), dimension " << dimensionKey(dimension)
                               << ", first 2^" << k << " samples");
                CHECK(isNet(sobolPoints(pattern, x, y, 1 << k, dimension), k));
            }
}

TEST_CASE("Sobol: every dimension of every bounce has a lower discrepancy than random numbers",
          "[sampling][sobol]") {
    // For n independent uniform points in [0,1)^d the expected squared L2-star discrepancy is
    // (2^-d - 3^-d) / n; a (0,m,2)-net's is of order (log n / n)^2.
    for (const int spp : {16, 64, 100}) {
        const SobolSampler pattern = sobolPattern(spp);
        const double n = spp;
        for (const SampleDimension dimension : everyDimension(12)) {
            INFO(spp << " samples, dimension " << dimensionKey(dimension));
            const std::vector<Vec2> points = sobolPoints(pattern, 17, 4, spp, dimension);
            CHECK(l2StarDiscrepancy(points, 2) < (0.25 - 1.0 / 9) / n / 4);
            std::vector<Vec2> xs, ys;
            for (const Vec2& p : points) {
                xs.push_back({p.x, 0});
                ys.push_back({p.y, 0});
            }
            CHECK(l2StarDiscrepancy(xs, 1) < (0.5 - 1.0 / 3) / n / 4);
            CHECK(l2StarDiscrepancy(ys, 1) < (0.5 - 1.0 / 3) / n / 4);
        }
    }
}

TEST_CASE("Sobol: the pixels of an aligned square together form a finer net", "[sampling][sobol]") {
    // Pixels take consecutive blocks of one sequence in Morton order, so the 2^j x 2^j pixels of
    // an aligned square hold an aligned block: their film offsets together are a net (the
    // screen-space blue noise of Ahmed and Wonka's ordering).
    const SobolSampler pattern = sobolPattern(4);
    for (const int side : {2, 4})
        for (const auto& [x0, y0] : {std::pair{0, 0}, std::pair{8, 4}, std::pair{36, 100}}) {
            std::vector<Vec2> offsets;
            for (int y = y0; y < y0 + side; ++y)
                for (int x = x0; x < x0 + side; ++x)
                    for (const Vec2& p : sobolPoints(pattern, x, y, 4, SampleDimension::film()))
                        offsets.push_back(p);
            INFO(side << "x" << side << " pixels from (" << x0 << ", " << y0 << ")");
            CHECK(isNet(offsets, side == 2 ? 4 : 6));
        }
}

TEST_CASE("Sobol: pixels and dimensions are decorrelated", "[sampling][sobol]") {
    const SobolSampler pattern = sobolPattern(16);
    // No two pixels share a scramble: their sets of points differ.
    std::set<std::vector<std::pair<float, float>>> sets;
    for (int y = 0; y < 24; ++y)
        for (int x = 0; x < 24; ++x)
            for (const SampleDimension dimension :
                 {SampleDimension::film(), SampleDimension::bsdf(3)}) {
                std::vector<std::pair<float, float>> set;
                for (const Vec2& p : sobolPoints(pattern, x, y, 16, dimension))
                    set.emplace_back(p.x, p.y);
                std::sort(set.begin(), set.end());
                CHECK(sets.insert(set).second);
            }
    // Sample i of neighbouring pixels, and of two dimensions of one pixel, are uncorrelated: the
    // sample correlation of 24 x 23 x 16 pairs stays near 0 (its spread is about 0.01).
    const auto correlation = [](const std::vector<std::pair<float, float>>& pairs) {
        double sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
        for (const auto& [a, b] : pairs)
            sa += a, sb += b, saa += a * a, sbb += b * b, sab += a * b;
        const auto n = static_cast<double>(pairs.size());
        return (sab / n - sa / n * sb / n) /
               std::sqrt((saa / n - sa * sa / n / n) * (sbb / n - sb * sb / n / n));
    };
    std::vector<std::pair<float, float>> neighbours, dimensions;
    for (int y = 0; y < 24; ++y)
        for (int x = 0; x + 1 < 24; ++x) {
            const auto here = sobolPoints(pattern, x, y, 16, SampleDimension::light(1, 0));
            const auto right = sobolPoints(pattern, x + 1, y, 16, SampleDimension::light(1, 0));
            const auto bsdf = sobolPoints(pattern, x, y, 16, SampleDimension::bsdf(1));
            for (std::size_t i = 0; i < 16; ++i) {
                neighbours.emplace_back(here[i].x, right[i].x);
                dimensions.emplace_back(here[i].y, bsdf[i].y);
            }
        }
    CHECK(std::abs(correlation(neighbours)) < 0.05);
    CHECK(std::abs(correlation(dimensions)) < 0.05);
}

TEST_CASE("Sobol: a seed or a frame picks other points", "[sampling][sobol]") {
    const auto first = sobolPoints(sobolPattern(16, 1), 3, 3, 16, SampleDimension::lens());
    const auto other = sobolPoints(sobolPattern(16, 2), 3, 3, 16, SampleDimension::lens());
    int same = 0;
    for (std::size_t i = 0; i < 16; ++i)
        same += first[i].x == other[i].x;
    CHECK(same < 4);
}

TEST_CASE("Sobol: the points are the plain formula's, whichever scramble is kept",
          "[sampling][sobol]") {
    // The formula images were made with: a hash of (seed, dimension, the index's high bits)
    // scrambles the index, then each coordinate, each through sobol::owenScramble.
    const std::uint64_t seed = mix64(7);
    const SobolSampler sampler({16, 1, true, 0, seed});
    const auto plain = [&](int x, int y, int i, SampleDimension d) {
        const std::uint64_t morton =
            sobol::mortonIndex(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)) |
            static_cast<std::uint64_t>(static_cast<std::uint32_t>(x) >> 16 |
                                       (static_cast<std::uint32_t>(y) >> 16) << 16)
                << 32;
        const std::uint64_t z = morton << 4 | static_cast<std::uint64_t>(i);
        const std::uint64_t h = mix64(seed ^ dimensionKey(d) * kGoldenRatio64 ^ mix64(z >> 32)),
                            h2 = mix64(h);
        const std::uint32_t index =
            sobol::owenScramble(static_cast<std::uint32_t>(z), static_cast<std::uint32_t>(h));
        return Vec2{sobol::toUnitFloat(sobol::owenScramble(sobol::dimension0(index),
                                                           static_cast<std::uint32_t>(h >> 32))),
                    sobol::toUnitFloat(sobol::owenScramble(sobol::dimension1(index),
                                                           static_cast<std::uint32_t>(h2)))};
    };
    for (const auto& [x, y] : {std::pair{0, 0}, std::pair{5, 9}, std::pair{70000, 3}})
        for (const SampleDimension d : everyDimension(20))
            for (int i = 0; i < 16; ++i) {
                INFO("pixel (" << x << ", " << y << "), dimension " << dimensionKey(d)
                               << ", sample " << i);
                const Vec2 p = sampler.sample(sampler.start(x, y, i, 0), {}, d),
                           q = plain(x, y, i, d);
                CHECK(p.x == q.x);
                CHECK(p.y == q.y);
            }
}
