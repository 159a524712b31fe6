// The stratified sampler's guarantees, checked by counting where the samples of one pixel fall:
// hashed permutations are permutations, every dimension's samples fill its strata and, jittered,
// both one-dimensional projections (correlated multi-jittering), and different dimensions give
// sample i different strata.
#include "renderer/sampling/dimension_shuffle.h"
#include "renderer/sampling/pcg32.h"
#include "renderer/sampling/stratified_sampler.h"

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
        const StratifiedSampler strata({nx, ny});
        const int n = nx * ny;
        for (const std::uint64_t pixel : {1ull, 77ull, 0xfeedfaceull}) {
            INFO(nx << "x" << ny << " strata, pixel " << pixel);
            Pcg32 random(pixel);
            std::vector<int> cells(static_cast<std::size_t>(n)), columns(cells), rows(cells);
            for (int i = 0; i < n; ++i) {
                const Vec2 p = strata.sample({i, pixel}, {random.uniform(), random.uniform()},
                                             SampleDimension::film());
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

TEST_CASE("each dimension takes the strata in its own order", "[sampling]") {
    // Stratum centres (no jitter), so the stratum of each sample is exact.
    const StratifiedSampler strata({8, 8, false});
    const std::uint64_t pixel = 4242;
    // Dimensions other than the film are rotated as a whole; undo it with sample 0's offset from
    // its stratum centre, which all samples share.
    const auto strataOf = [&](SampleDimension dimension) {
        const Vec2 first = strata.sample({0, pixel}, {}, dimension);
        const float dx = first.x * 8 - std::floor(first.x * 8) - 0.5f,
                    dy = first.y * 8 - std::floor(first.y * 8) - 0.5f;
        std::vector<int> order;
        for (int i = 0; i < 64; ++i) {
            const Vec2 p = strata.sample({i, pixel}, {}, dimension);
            const float x = p.x - dx / 8, y = p.y - dy / 8;
            order.push_back(interval(y - std::floor(y), 8) * 8 + interval(x - std::floor(x), 8));
        }
        return order;
    };
    const std::vector<int> light = strataOf(SampleDimension::light(0, 0)),
                           bsdf = strataOf(SampleDimension::bsdf(0)),
                           deeper = strataOf(SampleDimension::bsdf(kStratifiedBounces - 1));
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

TEST_CASE(
    "bounces past the stratified ones, and the lobe choice, take the stream's numbers as they are",
    "[sampling]") {
    const StratifiedSampler strata({4, 4});
    const int first = kStratifiedBounces;
    for (const SampleDimension dimension :
         {SampleDimension::bsdf(first), SampleDimension::light(first, 0),
          SampleDimension::bsdf(first + 5), SampleDimension::light(first + 1, 3),
          SampleDimension::lobeAndRoulette(0)})
        for (int i = 0; i < 16; ++i) {
            const Vec2 u{0.0625f * static_cast<float>(i), 0.9f - 0.05f * static_cast<float>(i)};
            const Vec2 p = strata.sample({i, 777}, u, dimension);
            CHECK(p.x == u.x);
            CHECK(p.y == u.y);
        }
    // The last stratified bounce still moves the sample into its stratum.
    int moved = 0;
    for (int i = 0; i < 16; ++i) {
        const Vec2 u{0.5f, 0.5f};
        const Vec2 p = strata.sample({i, 777}, u, SampleDimension::bsdf(first - 1));
        moved += p.x != u.x || p.y != u.y;
    }
    CHECK(moved == 16);
}
