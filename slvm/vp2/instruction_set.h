// The vertex program instruction set as a table: each opcode's spelling, operand shape and the
// execution environment that introduced it. The parser reads it; nothing else needs to know.
#pragma once

#include "slvm/vp2/program.h"

#include <optional>
#include <string_view>

namespace slvm::vp2 {

// Operand shapes of the grammar's instruction rules.
enum class Shape {
    Vector,      // VECTORop  dst, vectorSrc
    Scalar,      // SCALARop  dst, scalarSrc
    Binary,      // BINop     dst, vectorSrc, vectorSrc
    Ternary,     // TRIop     dst, vectorSrc, vectorSrc, vectorSrc
    AddressLoad, // ARL/ARR   Ai.mask, vectorSrc (VP1: A0.x, scalarSrc)
    AddressAdd,  // ARA       Ai.mask, Aj
    Branch,      // BRA/CAL   label (cc)
    Return       // RET       (cc)
};

struct OpcodeInfo {
    Opcode opcode;
    std::string_view name;
    Shape shape;
    Version introducedIn; // VP1.0, VP1.1 or VP2.0
};

// The opcode spelled `name` ("ADD"), without a "C" suffix; nullopt when there is none.
std::optional<OpcodeInfo> findOpcode(std::string_view name);
const OpcodeInfo& opcodeInfo(Opcode opcode);

// Whether `version` may use an instruction introduced in `introducedIn`.
bool available(Version introducedIn, Version version);

} // namespace slvm::vp2
