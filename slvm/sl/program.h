// The in-memory SL program: raw instructions exactly as the bytecode holds them. A Program may be
// invalid (it can come from an untrusted file); only the verifier turns it into something the VM
// runs.
#pragma once

#include "slvm/common/source_line_note.h"
#include "slvm/sl/instruction_set.h"

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace slvm::sl {

// One instruction, field for field as in the 64-bit word (docs/slc-format.md):
// bits 0-7 opcode, 8-15 component, 16-23 operand a, 24-31 operand b, 32-63 operand c, which is a
// register number, a texture unit, a float's bits or a sign-extended jump offset.
struct Instruction {
    std::uint8_t opcode = 0;
    std::uint8_t component = 0;
    std::uint8_t a = 0;
    std::uint8_t b = 0;
    std::uint32_t c = 0;

    static float asFloat(std::uint32_t bits) { return std::bit_cast<float>(bits); }
    static std::uint32_t floatBits(float value) { return std::bit_cast<std::uint32_t>(value); }
    static std::int32_t asOffset(std::uint32_t bits) { return static_cast<std::int32_t>(bits); }
    static std::uint32_t offsetBits(std::int32_t offset) {
        return static_cast<std::uint32_t>(offset);
    }

    friend bool operator==(const Instruction&, const Instruction&) = default;
};

// Immediates (floats, jump offsets) always live in the 32-bit field c; registers and texture units
// take a, b, c by operand position.
inline int fieldIndex(OperandKind kind, int slot) {
    return kind == OperandKind::Float || kind == OperandKind::Offset ? 2 : slot;
}

inline std::uint32_t operandField(const Instruction& in, OperandKind kind, int slot) {
    const int field = fieldIndex(kind, slot);
    return field == 0 ? in.a : field == 1 ? in.b : in.c;
}

// Stores `value` in the field of operand `slot`; register numbers and units must fit in a byte.
inline void setOperandField(Instruction& in, OperandKind kind, int slot, std::uint32_t value) {
    const int field = fieldIndex(kind, slot);
    if (field == 0)
        in.a = static_cast<std::uint8_t>(value);
    else if (field == 1)
        in.b = static_cast<std::uint8_t>(value);
    else
        in.c = value;
}

struct Program {
    std::string name; // file name used in diagnostics
    std::vector<Instruction> code;
    // The source line each instruction was compiled from, as the notes in SL text name them
    // (slvm/common/source_line_note.h); one per instruction, or empty when the text has no notes
    // (bytecode, hand-written text). An instruction before the first note has line 0.
    std::vector<SourceLine> sources;
};

// Largest program the toolchain accepts, in instructions.
inline constexpr std::size_t kMaxProgramLength = 1u << 20;

} // namespace slvm::sl
