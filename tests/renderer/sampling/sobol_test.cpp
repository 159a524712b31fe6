// The Sobol points and their Owen scrambling, against values worked out by hand and the net
// property that defines them: every aligned block of 2^k points of a (0,2)-sequence in base 2
// puts exactly one point in each elementary interval of area 2^-k.
#include "renderer/sampling/sobol.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <vector>

namespace {

using namespace lrt;

struct IntegerPoint {
    std::uint32_t x, y;
};

// True when `points` (2^k of them) put one point in each of the 2^a x 2^(k-a) equal cells of the
// unit square, for every a in [0, k].
bool isNet(const std::vector<IntegerPoint>& points, int k) {
    for (int a = 0; a <= k; ++a) {
        std::vector<int> cells(std::size_t{1} << k);
        for (const IntegerPoint& p : points) {
            const std::uint64_t column = a == 0 ? 0 : p.x >> (32 - a);
            const std::uint64_t row = k - a == 0 ? 0 : p.y >> (32 - (k - a));
            ++cells[static_cast<std::size_t>(row << a | column)];
        }
        for (const int count : cells)
            if (count != 1)
                return false;
    }
    return true;
}

} // namespace

TEST_CASE("the first Sobol points are the ones worked out by hand", "[sampling][sobol]") {
    // Dimension 0 mirrors the index's bits behind the point; dimension 1 XORs the columns
    // 1/2, 3/4, 5/8 (binary .1, .11, .101: rows of Pascal's triangle mod 2) the index's bits pick.
    const double x[8] = {0, 0.5, 0.25, 0.75, 0.125, 0.625, 0.375, 0.875};
    const double y[8] = {0, 0.5, 0.75, 0.25, 0.625, 0.125, 0.375, 0.875};
    for (std::uint32_t i = 0; i < 8; ++i) {
        INFO("point " << i);
        CHECK(sobol::dimension0(i) * 0x1p-32 == x[i]);
        CHECK(sobol::dimension1(i) * 0x1p-32 == y[i]);
    }
    // Column 4 of dimension 1 is binary .10001 (row 4 of Pascal's triangle: 1 4 6 4 1, mod 2).
    CHECK(sobol::dimension1(16) == 0x88000000u);
    CHECK(sobol::dimension1(16 | 1) == 0x08000000u);
    CHECK(sobol::reverseBits(1) == 0x80000000u);
    CHECK(sobol::reverseBits(0x12345678u) == 0x1e6a2c48u);
    // Morton: x's bits in the even places. x = 0b011, y = 0b101 interleave to 0b100111.
    CHECK(sobol::mortonIndex(3, 5) == 39u);
    CHECK(sobol::mortonIndex(0xffff, 0) == 0x55555555u);
    CHECK(sobol::toUnitFloat(0xffffffffu) < 1.0f);
    CHECK(sobol::toUnitFloat(0x80000000u) == 0.5f);
}

TEST_CASE("the first two Sobol dimensions form a (0,2)-sequence", "[sampling][sobol]") {
    for (int k = 0; k <= 10; ++k)
        for (const std::uint32_t block : {0u, 1u, 5u, 1000u}) {
            INFO("block " << block << " of 2^" << k << " points");
            std::vector<IntegerPoint> points;
            for (std::uint32_t i = 0; i < (1u << k); ++i) {
                const std::uint32_t index = block << k | i;
                points.push_back({sobol::dimension0(index), sobol::dimension1(index)});
            }
            CHECK(isNet(points, k));
        }
}

TEST_CASE("Owen scrambling keeps every net a net, and scrambles", "[sampling][sobol]") {
    for (const std::uint32_t seed : {0u, 1u, 0x9e3779b9u, 0xdeadbeefu})
        for (int k = 1; k <= 10; ++k) {
            INFO("seed " << seed << ", 2^" << k << " points");
            std::vector<IntegerPoint> points;
            for (std::uint32_t i = 0; i < (1u << k); ++i)
                points.push_back({sobol::owenScramble(sobol::dimension0(i), seed),
                                  sobol::owenScramble(sobol::dimension1(i), seed * 3 + 1)});
            CHECK(isNet(points, k));
        }
    // A nested permutation maps the 2^k aligned intervals of [0, 1) onto themselves.
    for (const std::uint32_t seed : {7u, 0xabcdef01u}) {
        std::vector<int> hits(256);
        for (std::uint32_t j = 0; j < 256; ++j)
            ++hits[sobol::owenScramble(j << 24 | 0x00abcdefu, seed) >> 24];
        CHECK(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; }));
    }
    // Different seeds give different points: the order in which the first 16 points visit the
    // 16 intervals of width 1/16 differs from seed to seed.
    std::set<std::vector<std::uint32_t>> orders;
    for (std::uint32_t seed = 1; seed <= 16; ++seed) {
        std::vector<std::uint32_t> order;
        for (std::uint32_t i = 0; i < 16; ++i)
            order.push_back(sobol::owenScramble(sobol::dimension1(i), seed * 0x9e3779b9u) >> 28);
        orders.insert(order);
    }
    CHECK(orders.size() >= 14);
}

TEST_CASE("an Owen-scrambled index takes every power-of-two prefix to an aligned block",
          "[sampling][sobol]") {
    // Scrambling the index is a shuffle of the sequence that keeps the net property of each
    // prefix of 2^k points (Burley 2020, section 4): the scrambled indices of [0, 2^k) share
    // their bits above k.
    for (const std::uint32_t seed : {3u, 0x01234567u, 0xfedcba98u})
        for (int k = 0; k <= 12; ++k) {
            INFO("seed " << seed << ", prefix 2^" << k);
            const std::uint32_t high = sobol::owenScramble(0, seed) >> k;
            std::vector<int> low(std::size_t{1} << k);
            for (std::uint32_t i = 0; i < (1u << k); ++i) {
                const std::uint32_t index = sobol::owenScramble(i, seed);
                CHECK(index >> k == high);
                ++low[index & ((1u << k) - 1)];
            }
            CHECK(std::all_of(low.begin(), low.end(), [](int h) { return h == 1; }));
        }
}
