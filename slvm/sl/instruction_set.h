// The SL 1.0 instruction set: the 24 opcodes, their operand forms, and the operation each form
// performs. One table serves the assembler, the verifier and the disassembler.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace slvm::sl {

// Bytecode opcode numbers, in the order of the spec's table.
enum class Opcode : std::uint8_t {
    nop,
    ret,
    rnd,
    turb,
    mov,
    movc,
    lc,
    li,
    liv,
    add,
    sub,
    mul,
    dp3,
    div,
    clamp,
    floor,
    ceil,
    norm,
    pow,
    exp,
    jmp,
    blt,
    trace,
    lookup,
};
inline constexpr int kOpcodeCount = 24;

// What an operand slot holds.
enum class OperandKind : std::uint8_t {
    None,
    Vector,      // a vector register
    Scalar,      // a scalar register
    Float,       // a float literal
    Offset,      // a signed 16-bit jump offset (or a label in source)
    TextureUnit, // t0..t7 naming a texture, not the register
};

// One executable meaning of an opcode; an opcode has one or more forms.
enum class Operation : std::uint8_t {
    Nop,
    Ret,
    Rnd,
    Turb1,
    Turb3,
    MovVec,
    MovScal,
    Movc,
    Lc,
    Li,
    Liv,
    AddVec,
    AddScal,
    SubVec,
    SubScal,
    Cross,
    ScaleVec,
    MulScal,
    Dp3,
    DivVec,
    DivScal,
    Clamp,
    Floor,
    Ceil,
    Norm,
    Pow,
    Exp,
    Jmp,
    Blt,
    Trace,
    Lookup,
};

struct Form {
    Operation operation;
    std::array<OperandKind, 3> operands; // None past the arity
};

struct OpcodeInfo {
    std::string_view mnemonic;
    bool takesComponent; // movc, lc, liv: a component letter precedes the operands
    bool firstIsDestination;
    int arity;
    std::span<const Form> forms;
};

const OpcodeInfo& opcodeInfo(Opcode opcode);
std::optional<Opcode> findOpcode(std::string_view mnemonic);

// The component letters: x y z w, also spelled r g b a.
std::optional<std::uint8_t> parseComponent(std::string_view letter);
char componentLetter(std::uint8_t component);

} // namespace slvm::sl
