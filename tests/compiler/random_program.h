// Random well-typed Cg programs for differential testing: a generator, a printer to Cg source, and
// a direct evaluation in double precision that knows nothing of the compiler. The evaluation also
// reports how close the program came to a discontinuity (a comparison of nearly equal values, a
// floor at an integer) and how large its intermediate values grew, so a test can tell a
// miscompilation from float rounding.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace compiler::testing {

using Vector = std::array<double, 4>;

// The machine a program is generated for: which inputs it reads and how its result leaves.
struct ProgramShape {
    std::vector<std::string> vectorInputs; // semantics of float3 (sl) or float4 (vertex) inputs
    std::vector<std::string> scalarInputs; // semantics of float inputs (sl)
    int inputWidth = 3;                    // width of a vector input
    int resultWidth = 3;
    std::string resultSemantic;
    bool allowLog = true;          // log2 and exp2 of any argument (not on sl)
    bool allowExponentials = true; // exp2 and pow at all (not on card)
    // Only what T-Language can say too (widths 1 and 3, + - * / and negation, cross products,
    // no selects or library calls), so that tlSource() prints the same program.
    bool tlSubset = false;
};

// The differential tests' programs for profile sl: eight float3 inputs, five float inputs and a
// float3 result, or a float4 for Cg's odd seeds; tlSubset for the same trees in T-Language.
ProgramShape slProgramShape(bool tlSubset, std::uint64_t seed);

struct Node;

struct Evaluation {
    Vector value{};
    double margin = 1e30;   // the smallest distance to a discontinuity met on the way
    double magnitude = 0.0; // the largest absolute intermediate value
};

class RandomProgram {
public:
    RandomProgram(const ProgramShape& shape, std::uint64_t seed);
    ~RandomProgram();
    RandomProgram(RandomProgram&&) noexcept;

    std::string source() const;   // the Cg program, entry `main`
    std::string tlSource() const; // the same program in T-Language (needs shape.tlSubset)
    // The result for these input values (vector inputs then scalar inputs, in shape order).
    Evaluation evaluate(const std::vector<Vector>& vectorValues,
                        const std::vector<double>& scalarValues) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace compiler::testing
