// The punch-card machine's instruction set (the gl-punch-card specification, opcodes 0-18, and
// lrt's extension opcodes 100-104), its register files and how operands name them. Everything on
// a card is a float: an opcode, a register operand, an immediate. docs/card.md is the reference.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace slvm::card {

// clang-format off
#define LRT_CARD_OPCODES(X)                                                                \
    X(Exit, 0, "exit")   X(Mov, 1, "mov")     X(In, 2, "in")       X(Add, 3, "add")        \
    X(Sub, 4, "sub")     X(MulMM, 5, "mulMM") X(MulMV, 6, "mulMV") X(MulVM, 7, "mulVM")    \
    X(MulVV, 8, "mulVV") X(MulMF, 9, "mulMF") X(MulVF, 10, "mulVF") X(MulFF, 11, "mulFF")  \
    X(Div, 12, "div")    X(Dot, 13, "dot")    X(Crs, 14, "crs")    X(Nor, 15, "nor")       \
    X(Sin, 16, "sin")    X(Cos, 17, "cos")    X(Sqrt, 18, "sqrt")                          \
    /* lrt's extensions (docs/decisions.md): what an SDF needs that the spec cannot say */  \
    X(Min, 100, "min")   X(Max, 101, "max")   X(Abs, 102, "abs")   X(Floor, 103, "floor")  \
    X(Slt, 104, "slt")
// clang-format on

#define LRT_CARD_ENUMERATOR(name, code, mnemonic) name = code,
enum class Opcode : std::int16_t { LRT_CARD_OPCODES(LRT_CARD_ENUMERATOR) };
#undef LRT_CARD_ENUMERATOR

// Every opcode, in the table's order (for whatever draws or lists them all: the random cards of
// the tests, say).
#define LRT_CARD_OPCODE(name, code, mnemonic) Opcode::name,
inline constexpr Opcode kAllOpcodes[] = {LRT_CARD_OPCODES(LRT_CARD_OPCODE)};
#undef LRT_CARD_OPCODE

// The opcode a whole-number code stands for, or nullopt (the code must already be whole).
std::optional<Opcode> opcodeFromCode(int code);
// The opcode spelled `mnemonic` (case-insensitive: "mulmm" is mulMM), or nullopt.
std::optional<Opcode> opcodeFromMnemonic(std::string_view mnemonic);
std::string_view mnemonic(Opcode opcode);
bool isExtension(Opcode opcode); // 100 and up: not in the gl-punch-card specification

// The register files. Every general register is a slice of one array of 160 floats: matrix k is
// floats 16k..16k+15 (column-major, as GLSL's mat4), vector k is floats 4k..4k+3 (so vectors
// 4k..4k+3 are the columns of matrix k), float k is float k.
enum class RegisterFile : std::uint8_t { Matrix, Vector, Float, Pos };

inline constexpr int kMatrixRegisters = 10; // operands 0-9: typecode 0
inline constexpr int kVectorRegisters = 40; // operands 10-49: typecode 10
inline constexpr int kFloatRegisters = 160; // operands 100-259: typecode 100
inline constexpr int kPosOperand = 1001;    // the special register pos
inline constexpr int kRegisterFloats = 160; // the floats all general registers share
inline constexpr int kInputs = 1;           // `in 0`: the sample point

struct Register {
    RegisterFile file = RegisterFile::Float;
    int index = 0;

    int operand() const; // the float that names it on a card: 103 for rf3
    int offset() const;  // its first float in the shared array (pos: -1)
    int width() const;   // floats it holds: 16, 4, 1 (pos: 1)
    bool operator==(const Register&) const = default;
};

// The register a whole-number operand names, or nullopt when none does.
std::optional<Register> registerFromOperand(int operand);
// "rm0".."rm9", "rv0".."rv39", "rf0".."rf159", "pos": the spec's "rf1" spelling.
std::string registerName(Register r);
std::optional<Register> registerFromName(std::string_view name);
// Which files exist, for messages: "rm0-rm9, rv0-rv39, rf0-rf159 or pos".
std::string_view registerNamesSummary();

} // namespace slvm::card
