// Vertex-program machine code between instruction selection and text: instructions over virtual
// temporaries, made legal for the spec's load rule, allocated onto the profile's registers by
// linear scan, and printed as !!VP1.1 / !!VP2.0 text with cgc's constant declarations.
#pragma once

#include "compiler/backends/vp2/vp_target.h"
#include "slvm/common/diagnostic.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace compiler::backends {

// A source operand: a register (a temporary by number before allocation, or a named one) seen
// through a swizzle, perhaps negated.
struct Source {
    int temporary = -1;
    std::string named; // "v[OPOS]", "c[4]"
    std::array<std::uint8_t, 4> swizzle{0, 1, 2, 3};
    int width = 4;
    bool negate = false;
    bool absolute = false; // |x|, VP2 only
};

struct Destination {
    int temporary = -1;
    std::string named; // "o[HPOS]"
    unsigned mask = 0xF;
    // Components 0.. of the value land at shift..: a part computed into its construct's place.
    int shift = 0;
};

struct MachineInstruction {
    std::string opcode;
    Destination destination;
    std::vector<Source> sources;
    slvm::SourceLocation where;
};

struct MachineProgram {
    std::vector<MachineInstruction> code;
    int temporaries = 0; // virtual temporaries numbered 0..temporaries-1

    int newTemporary() { return temporaries++; }
};

// At most one distinct c[] and one distinct v[] per instruction (the spec's load rule): extra
// ones are moved to temporaries first.
void legalizeOperands(MachineProgram& program);

// Each virtual temporary's register R0.., by linear scan onto the target's temporaries; when they
// run out, an error at the instruction where too many values are live, and no registers.
struct Allocation {
    std::vector<int> physical;
    std::vector<slvm::Diagnostic> errors;
};
Allocation allocateTemporaries(const MachineProgram& program, const VpTarget& target);

// The program's text: header, the constant slots' declarations, the instructions (each source
// line a comment before its first instruction), END.
std::string printProgram(const MachineProgram& program, const std::vector<int>& physical,
                         const VpTarget& target, const std::vector<ConstantSlot>& slots);

} // namespace compiler::backends
