// The SL 1.0 instruction set: the 24 opcodes, their operand forms, and the operation each form
// performs. One table serves the assembler, the verifier and the disassembler.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace slvm::sl {

// The opcodes, in the order of the spec's table (their bytecode numbers), as one list that the enum
// and the table of instruction_set.cpp are both generated from:
// X(mnemonic, takes a component letter, first operand is written, arity).
#define LRT_SL_OPCODES(X)                                                                          \
    X(nop, false, false, 0)                                                                        \
    X(ret, false, false, 0)                                                                        \
    X(rnd, false, true, 1)                                                                         \
    X(turb, false, true, 2)                                                                        \
    X(mov, false, true, 2)                                                                         \
    X(movc, true, true, 2)                                                                         \
    X(lc, true, true, 2)                                                                           \
    X(li, false, true, 2)                                                                          \
    X(liv, true, true, 2)                                                                          \
    X(add, false, true, 3)                                                                         \
    X(sub, false, true, 3)                                                                         \
    X(mul, false, true, 3)                                                                         \
    X(dp3, false, true, 3)                                                                         \
    X(div, false, true, 3)                                                                         \
    X(clamp, false, true, 3)                                                                       \
    X(floor, false, true, 2)                                                                       \
    X(ceil, false, true, 2)                                                                        \
    X(norm, false, true, 2)                                                                        \
    X(pow, false, true, 3)                                                                         \
    X(exp, false, true, 2)                                                                         \
    X(jmp, false, false, 1)                                                                        \
    X(blt, false, false, 3)                                                                        \
    X(trace, false, true, 3)                                                                       \
    X(lookup, false, true, 3)

#define LRT_SL_OPCODE_ENUMERATOR(name, component, destination, arity) name,
enum class Opcode : std::uint8_t { LRT_SL_OPCODES(LRT_SL_OPCODE_ENUMERATOR) };
#undef LRT_SL_OPCODE_ENUMERATOR

#define LRT_SL_OPCODE_COUNT(...) +1
inline constexpr int kOpcodeCount = 0 LRT_SL_OPCODES(LRT_SL_OPCODE_COUNT);
#undef LRT_SL_OPCODE_COUNT
static_assert(kOpcodeCount == 24, "SL 1.0 has 24 opcodes");

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
