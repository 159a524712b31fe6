// Owen-scrambled Sobol points in two dimensions (Burley 2020, "Practical Hash-based Owen
// Scrambling", JCGT 9(4)): the first two dimensions of the Sobol sequence, a (0,2)-sequence in
// base 2, scrambled by a hash that acts as a nested uniform (Owen) permutation of the binary
// digits.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace lrt::sobol {

constexpr std::uint32_t reverseBits(std::uint32_t v) {
    v = __builtin_bswap32(v); // one instruction, where the compiler may not see the swaps as one
    v = ((v & 0x0f0f0f0fu) << 4) | ((v & 0xf0f0f0f0u) >> 4);
    v = ((v & 0x33333333u) << 2) | ((v & 0xccccccccu) >> 2);
    return ((v & 0x55555555u) << 1) | ((v & 0xaaaaaaaau) >> 1);
}

// Dimension 1's generator matrix, one column per index bit: the rows of Pascal's triangle mod 2,
// read as binary fractions (Sobol's direction numbers for the primitive polynomial x + 1, all
// m_k = 1). Column j + 1 is column j XOR itself shifted right once.
constexpr std::array<std::uint32_t, 32> kDimension1Columns = [] {
    std::array<std::uint32_t, 32> columns{};
    std::uint32_t v = 1u << 31;
    for (auto& column : columns) {
        column = v;
        v ^= v >> 1;
    }
    return columns;
}();

using ByteTables = std::array<std::array<std::uint32_t, 256>, 4>;

// The generator matrix as four tables of 256 entries, one per byte of the index: the product of a
// matrix and a vector over GF(2) is the XOR of the columns the set bits select. The `mirrored`
// tables take the index's bits mirrored and give the point's mirrored, for Owen scrambling, which
// works on mirrored bits: a chain of scrambles then skips the mirrorings between its links.
constexpr ByteTables dimension1Tables(bool mirrored) {
    ByteTables tables{};
    for (int byte = 0; byte < 4; ++byte)
        for (int value = 0; value < 256; ++value) {
            std::uint32_t sum = 0;
            for (int bit = 0; bit < 8; ++bit)
                if (value >> bit & 1)
                    sum ^= kDimension1Columns[static_cast<std::size_t>(
                        mirrored ? 31 - (8 * byte + bit) : 8 * byte + bit)];
            tables[static_cast<std::size_t>(byte)][static_cast<std::size_t>(value)] =
                mirrored ? reverseBits(sum) : sum;
        }
    return tables;
}
constexpr ByteTables kDimension1Bytes = dimension1Tables(false);
constexpr ByteTables kDimension1MirroredBytes = dimension1Tables(true);

constexpr std::uint32_t byTables(const ByteTables& tables, std::uint32_t index) {
    return tables[0][index & 0xff] ^ tables[1][index >> 8 & 0xff] ^ tables[2][index >> 16 & 0xff] ^
           tables[3][index >> 24];
}

// Point `index` of Sobol dimension 0 (van der Corput: the index's bits mirrored behind the binary
// point) and dimension 1, as 32-bit binary fractions.
constexpr std::uint32_t dimension0(std::uint32_t index) {
    return reverseBits(index);
}
constexpr std::uint32_t dimension1(std::uint32_t index) {
    return byTables(kDimension1Bytes, index);
}
// reverseBits(dimension1(reverseBits(mirroredIndex))), without the reversals.
constexpr std::uint32_t dimension1Mirrored(std::uint32_t mirroredIndex) {
    return byTables(kDimension1MirroredBytes, mirroredIndex);
}

// A nested uniform scramble of a 32-bit binary fraction: bit k (from the most significant) is
// flipped or not by a hash of the bits above it and the seed, so every elementary interval is
// mapped onto one of the same size. Burley's construction: a Laine-Karras style hash, whose every
// step changes a bit only as a function of the bits below it, applied to the reversed bits; the
// hash is Vegdahl's improvement of Burley's constants ("Building a Better LK Hash", 2021), the
// one pbrt-v4 calls FastOwenScrambler. laineKarras is that hash, on the mirrored bits: a chain of
// scrambles can skip the reversals between its links.
constexpr std::uint32_t laineKarras(std::uint32_t v, std::uint32_t seed) {
    v ^= v * 0x3d20adeau;
    v += seed;
    v *= (seed >> 16) | 1u;
    v ^= v * 0x05526c56u;
    v ^= v * 0x53a22864u;
    return v;
}
constexpr std::uint32_t owenScramble(std::uint32_t v, std::uint32_t seed) {
    return reverseBits(laineKarras(reverseBits(v), seed));
}

// A 32-bit binary fraction as a float in [0, 1): its top 24 bits, exactly.
constexpr float toUnitFloat(std::uint32_t v) {
    return static_cast<float>(v >> 8) * 0x1p-24f;
}

// Interleaves x's and y's low 16 bits (x in the even bits): the Morton, or Z-order, index.
constexpr std::uint32_t mortonIndex(std::uint32_t x, std::uint32_t y) {
    const auto spread = [](std::uint32_t v) {
        v &= 0xffffu;
        v = (v | v << 8) & 0x00ff00ffu;
        v = (v | v << 4) & 0x0f0f0f0fu;
        v = (v | v << 2) & 0x33333333u;
        return (v | v << 1) & 0x55555555u;
    };
    return spread(x) | spread(y) << 1;
}

} // namespace lrt::sobol
