// The sample patterns' guarantees, checked by counting where the samples of one pixel fall.
// Stratified: hashed permutations are permutations, every purpose's samples fill its strata and,
// jittered, both one-dimensional projections (correlated multi-jittering), and different purposes
// give sample i different strata. Sobol: every purpose's prefixes are nets, with a discrepancy
// below random numbers', pixels of an aligned square form a finer net, and nothing is shared.
#include "renderer/sampling/sample_pattern.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>
#include <set>
#include <vector>

namespace {

using namespace lrt;

// Which of n equal intervals of [0, 1) the value lies in.
int interval(float value, int n) {
    return std::min(n - 1, static_cast<int>(std::floor(value * static_cast<float>(n))));
}

} // namespace

TEST_CASE("hashed permutations are permutations, and the seed picks them", "[sampling]") {
    for (const std::uint32_t count : {1u, 2u, 3u, 7u, 16u, 24u, 100u, 1000u})
        for (const std::uint32_t seed : {0u, 1u, 0xdeadbeefu, 0x9e3779b9u}) {
            INFO("count " << count << ", seed " << seed);
            std::vector<std::uint32_t> image;
            for (std::uint32_t i = 0; i < count; ++i)
                image.push_back(permuteIndex(i, count, seed));
            std::sort(image.begin(), image.end());
            std::vector<std::uint32_t> identity(count);
            std::iota(identity.begin(), identity.end(), 0u);
            CHECK(image == identity);
        }
    int moved = 0;
    for (std::uint32_t i = 0; i < 64; ++i)
        moved += permuteIndex(i, 64, 17) != permuteIndex(i, 64, 18);
    CHECK(moved > 48); // two seeds agree on a few places at most, as two random orders would
}

TEST_CASE("film samples fill every stratum and every row and column of the N-rooks grid",
          "[sampling]") {
    for (const auto& [nx, ny] : {std::pair{4, 6}, std::pair{8, 8}, std::pair{5, 3}}) {
        SamplePattern strata;
        strata.type = SamplerType::Stratified;
        strata.nx = nx;
        strata.ny = ny;
        const int n = nx * ny;
        for (const std::uint64_t pixel : {1ull, 77ull, 0xfeedfaceull}) {
            INFO(nx << "x" << ny << " strata, pixel " << pixel);
            Pcg32 random(pixel);
            std::vector<int> cells(static_cast<std::size_t>(n)), columns(cells), rows(cells);
            for (int i = 0; i < n; ++i) {
                const Vec2 p = strata.sample({i, pixel}, {random.uniform(), random.uniform()},
                                             SamplePattern::kFilm);
                ++cells[static_cast<std::size_t>(interval(p.y, ny) * nx + interval(p.x, nx))];
                ++columns[static_cast<std::size_t>(interval(p.x, n))];
                ++rows[static_cast<std::size_t>(interval(p.y, n))];
            }
            CHECK(std::all_of(cells.begin(), cells.end(), [](int c) { return c == 1; }));
            CHECK(std::all_of(columns.begin(), columns.end(), [](int c) { return c == 1; }));
            CHECK(std::all_of(rows.begin(), rows.end(), [](int c) { return c == 1; }));
        }
    }
}

TEST_CASE("each purpose takes the strata in its own order", "[sampling]") {
    SamplePattern strata;
    strata.type = SamplerType::Stratified;
    strata.nx = strata.ny = 8;
    strata.jitter = false; // stratum centres, so the stratum of each sample is exact
    const std::uint64_t pixel = 4242;
    // Purposes other than the film are rotated as a whole; undo it with sample 0's offset from
    // its stratum centre, which all samples share.
    const auto strataOf = [&](std::uint64_t purpose) {
        const Vec2 first = strata.sample({0, pixel}, {}, purpose);
        const float dx = first.x * 8 - std::floor(first.x * 8) - 0.5f,
                    dy = first.y * 8 - std::floor(first.y * 8) - 0.5f;
        std::vector<int> order;
        for (int i = 0; i < 64; ++i) {
            const Vec2 p = strata.sample({i, pixel}, {}, purpose);
            const float x = p.x - dx / 8, y = p.y - dy / 8;
            order.push_back(interval(y - std::floor(y), 8) * 8 + interval(x - std::floor(x), 8));
        }
        return order;
    };
    const std::vector<int> light = strataOf(SamplePattern::lightPurpose(0, 0)),
                           bsdf = strataOf(SamplePattern::bsdfPurpose(0)),
                           deeper = strataOf(
                               SamplePattern::bsdfPurpose(SamplePattern::kStratifiedBounces - 1));
    for (const auto* order : {&light, &bsdf, &deeper}) {
        std::vector<int> sorted = *order;
        std::sort(sorted.begin(), sorted.end());
        std::vector<int> all(64);
        std::iota(all.begin(), all.end(), 0);
        CHECK(sorted == all); // every stratum once
    }
    int shared = 0;
    for (std::size_t i = 0; i < 64; ++i)
        shared += (light[i] == bsdf[i]) + (bsdf[i] == deeper[i]);
    CHECK(shared < 12); // random orders share about one place in 64 per pair
}

TEST_CASE("bounces past the stratified ones take the stream's numbers as they are", "[sampling]") {
    SamplePattern strata;
    strata.type = SamplerType::Stratified;
    strata.nx = strata.ny = 4;
    const int first = SamplePattern::kStratifiedBounces;
    for (const std::uint64_t purpose :
         {SamplePattern::bsdfPurpose(first), SamplePattern::lightPurpose(first, 0),
          SamplePattern::bsdfPurpose(first + 5), SamplePattern::lightPurpose(first + 1, 3)})
        for (int i = 0; i < 16; ++i) {
            const Vec2 u{0.0625f * static_cast<float>(i), 0.9f - 0.05f * static_cast<float>(i)};
            const Vec2 p = strata.sample({i, 777}, u, purpose);
            CHECK(p.x == u.x);
            CHECK(p.y == u.y);
        }
    // The last stratified bounce still moves the sample into its stratum.
    int moved = 0;
    for (int i = 0; i < 16; ++i) {
        const Vec2 u{0.5f, 0.5f};
        const Vec2 p = strata.sample({i, 777}, u, SamplePattern::bsdfPurpose(first - 1));
        moved += p.x != u.x || p.y != u.y;
    }
    CHECK(moved == 16);
}

namespace {

// The Sobol pattern of `spp` samples a pixel, for the render seed `seed`.
SamplePattern sobolPattern(int spp, std::uint64_t seed = 1) {
    SamplePattern pattern;
    pattern.nx = spp;
    pattern.sequenceSeed = mix64(seed);
    return pattern;
}

// Every purpose the integrators draw, for the first `bounces` bounces.
std::vector<std::uint64_t> everyPurpose(int bounces) {
    std::vector<std::uint64_t> purposes{SamplePattern::kFilm, SamplePattern::kLens};
    for (int b = 0; b < bounces; ++b)
        for (const std::uint64_t p :
             {SamplePattern::lightPickPurpose(b), SamplePattern::lightPurpose(b, 0),
              SamplePattern::lightPurpose(b, 5), SamplePattern::bsdfPurpose(b),
              SamplePattern::choicePurpose(b)})
            purposes.push_back(p);
    return purposes;
}

std::vector<Vec2> sobolPoints(const SamplePattern& pattern, int x, int y, int count,
                              std::uint64_t purpose) {
    std::vector<Vec2> points;
    for (int i = 0; i < count; ++i)
        points.push_back(
            pattern.sample(pattern.index(x, y, i, pixelHash(1, 0, x, y)), {0.5f, 0.5f}, purpose));
    return points;
}

// One point in each of the 2^a x 2^(k-a) cells, for every a: a (0,k,2)-net.
bool isNet(const std::vector<Vec2>& points, int k) {
    for (int a = 0; a <= k; ++a) {
        std::vector<int> cells(std::size_t{1} << k);
        for (const Vec2& p : points)
            ++cells[static_cast<std::size_t>(interval(p.y, 1 << (k - a)) << a |
                                             interval(p.x, 1 << a))];
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

TEST_CASE("Sobol: every purpose of every bounce spreads each power-of-two prefix as a net",
          "[sampling][sobol]") {
    const SamplePattern pattern = sobolPattern(64);
    for (const auto& [x, y] : {std::pair{0, 0}, std::pair{5, 9}, std::pair{1000, 3}})
        for (const std::uint64_t purpose : everyPurpose(10))
            for (int k = 0; k <= 6; ++k) {
                INFO("pixel (" << x << ", " << y << "), purpose " << purpose << ", first 2^" << k
                               << " samples");
                CHECK(isNet(sobolPoints(pattern, x, y, 1 << k, purpose), k));
            }
}

TEST_CASE("Sobol: every dimension of every bounce has a lower discrepancy than random numbers",
          "[sampling][sobol]") {
    // For n independent uniform points in [0,1)^d the expected squared L2-star discrepancy is
    // (2^-d - 3^-d) / n; a (0,m,2)-net's is of order (log n / n)^2.
    for (const int spp : {16, 64, 100}) {
        const SamplePattern pattern = sobolPattern(spp);
        const double n = spp;
        for (const std::uint64_t purpose : everyPurpose(12)) {
            INFO(spp << " samples, purpose " << purpose);
            const std::vector<Vec2> points = sobolPoints(pattern, 17, 4, spp, purpose);
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
    const SamplePattern pattern = sobolPattern(4);
    for (const int side : {2, 4})
        for (const auto& [x0, y0] : {std::pair{0, 0}, std::pair{8, 4}, std::pair{36, 100}}) {
            std::vector<Vec2> offsets;
            for (int y = y0; y < y0 + side; ++y)
                for (int x = x0; x < x0 + side; ++x)
                    for (const Vec2& p : sobolPoints(pattern, x, y, 4, SamplePattern::kFilm))
                        offsets.push_back(p);
            INFO(side << "x" << side << " pixels from (" << x0 << ", " << y0 << ")");
            CHECK(isNet(offsets, side == 2 ? 4 : 6));
        }
}

TEST_CASE("Sobol: pixels and purposes are decorrelated", "[sampling][sobol]") {
    const SamplePattern pattern = sobolPattern(16);
    // No two pixels share a scramble: their sets of points differ.
    std::set<std::vector<std::pair<float, float>>> sets;
    for (int y = 0; y < 24; ++y)
        for (int x = 0; x < 24; ++x)
            for (const std::uint64_t purpose :
                 {SamplePattern::kFilm, SamplePattern::bsdfPurpose(3)}) {
                std::vector<std::pair<float, float>> set;
                for (const Vec2& p : sobolPoints(pattern, x, y, 16, purpose))
                    set.emplace_back(p.x, p.y);
                std::sort(set.begin(), set.end());
                CHECK(sets.insert(set).second);
            }
    // Sample i of neighbouring pixels, and of two purposes of one pixel, are uncorrelated: the
    // sample correlation of 24 x 23 x 16 pairs stays near 0 (its spread is about 0.01).
    const auto correlation = [](const std::vector<std::pair<float, float>>& pairs) {
        double sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
        for (const auto& [a, b] : pairs)
            sa += a, sb += b, saa += a * a, sbb += b * b, sab += a * b;
        const auto n = static_cast<double>(pairs.size());
        return (sab / n - sa / n * sb / n) /
               std::sqrt((saa / n - sa * sa / n / n) * (sbb / n - sb * sb / n / n));
    };
    std::vector<std::pair<float, float>> neighbours, purposes;
    for (int y = 0; y < 24; ++y)
        for (int x = 0; x + 1 < 24; ++x) {
            const auto here = sobolPoints(pattern, x, y, 16, SamplePattern::lightPurpose(1, 0));
            const auto right =
                sobolPoints(pattern, x + 1, y, 16, SamplePattern::lightPurpose(1, 0));
            const auto bsdf = sobolPoints(pattern, x, y, 16, SamplePattern::bsdfPurpose(1));
            for (std::size_t i = 0; i < 16; ++i) {
                neighbours.emplace_back(here[i].x, right[i].x);
                purposes.emplace_back(here[i].y, bsdf[i].y);
            }
        }
    CHECK(std::abs(correlation(neighbours)) < 0.05);
    CHECK(std::abs(correlation(purposes)) < 0.05);
}

TEST_CASE("Sobol: a seed or a frame picks other points", "[sampling][sobol]") {
    const auto first = sobolPoints(sobolPattern(16, 1), 3, 3, 16, SamplePattern::kLens);
    const auto other = sobolPoints(sobolPattern(16, 2), 3, 3, 16, SamplePattern::kLens);
    int same = 0;
    for (std::size_t i = 0; i < 16; ++i)
        same += first[i].x == other[i].x;
    CHECK(same < 4);
}
