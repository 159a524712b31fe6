// Matrix transforms in a vertex program: runs of DP3 or DP4 steps that write the components of
// one register, one each, from the same vector and a row each, as "DP4 R1.x, c[0], R0; DP4 R1.y,
// c[1], R0; ..." does. Compiled code computes such a run four lanes at a time, on the rows
// transposed, with each lane's products and sums in the interpreter's order (docs/jit.md).
#pragma once

#include "slvm/vp2/decoded_program.h"

#include <cstddef>
#include <vector>

namespace slvm::vp2 {

struct DotGroup {
    std::size_t first = 0, count = 0; // steps; 2 to 4 of them
    int vectorOperand = 1;            // which source is the shared vector; the other is the row
};

// The groups of `steps`, in order and disjoint. A group lies inside one basic block (no
// instruction after its first is a leader), its steps are plain writes of one component each,
// and none of them reads the register they write, so running them together changes nothing.
std::vector<DotGroup> findDotGroups(const std::vector<DecodedStep>& steps,
                                    const std::vector<bool>& leaders);

bool sameOperand(const DecodedOperand& a, const DecodedOperand& b);

} // namespace slvm::vp2
