// The vertex program environment as tables: the three execution environments and their limits,
// the result registers, the vertex attribute aliases, and each opcode's spelling, operand shape and
// the environment that introduced it. Each enum and its table are generated from one list, so they
// cannot fall out of step.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace slvm::vp2 {

// The three execution environments, named by the program's header.
enum class Version { VP1_0, VP1_1, VP2_0 };
std::string_view versionHeader(Version version); // "!!VP1.0", ...
bool isVp2(Version version);

// Resource limits of an execution environment (spec section 2.14.1).
struct Limits {
    int temporaries; // R0..R(n-1)
    int parameters;  // c[0]..c[n-1]
    int addressRegisters;
    int resultRegisters;                      // o[HPOS]..o[TEX7], plus o[CLP0..5] in VP2
    int instructions;                         // reduced by four for position-invariant programs
    int maxPositiveOffset, maxNegativeOffset; // relative addressing c[A0.x+n], c[A0.x-n]
};
Limits limitsFor(Version version, bool positionInvariant);

constexpr int kAttributeCount = 16;
constexpr int kMaxTemporaries = 16;
constexpr int kMaxParameters = 256;
constexpr int kCallStackDepth = 4;
constexpr int kAddressMin = -512, kAddressMax = 511; // 10-bit signed address components

// Result registers, in the spec's Table X.1 order, one a line (clang-format folds the list
// differently from one run to the next).
// clang-format off
#define LRT_VP2_RESULTS(X) \
    X(HPOS) \
    X(COL0) \
    X(COL1) \
    X(BFC0) \
    X(BFC1) \
    X(FOGC) \
    X(PSIZ) \
    X(TEX0) \
    X(TEX1) \
    X(TEX2) \
    X(TEX3) \
    X(TEX4) \
    X(TEX5) \
    X(TEX6) \
    X(TEX7) \
    X(CLP0) \
    X(CLP1) \
    X(CLP2) \
    X(CLP3) \
    X(CLP4) \
    X(CLP5)
// clang-format on

#define LRT_VP2_ENUMERATOR(name, ...) name,
#define LRT_VP2_COUNT(...) +1
enum class Result : std::uint8_t { LRT_VP2_RESULTS(LRT_VP2_ENUMERATOR) };
constexpr int kResultCount = 0 LRT_VP2_RESULTS(LRT_VP2_COUNT);
static_assert(kResultCount == 21, "NV_vertex_program2 has 21 result registers");
std::string_view resultName(int result); // "HPOS", ...
// o[CLPn] for plane n in 0..5.
constexpr Result clipResult(int plane) {
    return static_cast<Result>(static_cast<int>(Result::CLP0) + plane);
}
constexpr int kClipPlanes = 6;

// The conventional vertex attribute aliases (spec Table X.2): v[OPOS] is v[0], and so on.
#define LRT_VP2_ATTRIBUTES(X)                                                                      \
    X(OPOS, 0)                                                                                     \
    X(WGHT, 1)                                                                                     \
    X(NRML, 2)                                                                                     \
    X(COL0, 3)                                                                                     \
    X(COL1, 4)                                                                                     \
    X(FOGC, 5)                                                                                     \
    X(TEX0, 8)                                                                                     \
    X(TEX1, 9)                                                                                     \
    X(TEX2, 10)                                                                                    \
    X(TEX3, 11)                                                                                    \
    X(TEX4, 12)                                                                                    \
    X(TEX5, 13)                                                                                    \
    X(TEX6, 14)                                                                                    \
    X(TEX7, 15)

#define LRT_VP2_ATTRIBUTE_ENUMERATOR(name, number) name = number,
enum class Attribute : std::uint8_t { LRT_VP2_ATTRIBUTES(LRT_VP2_ATTRIBUTE_ENUMERATOR) };
#undef LRT_VP2_ATTRIBUTE_ENUMERATOR
// The attribute number an alias names ("NRML" is 2), or nullopt.
std::optional<int> findAttribute(std::string_view alias);
constexpr std::size_t attributeIndex(Attribute a) {
    return static_cast<std::size_t>(a);
}

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

// Every opcode (without its condition-code suffix "C", which is Instruction::updatesCondition),
// spec Tables X.4 and X.5: X(name, shape, the environment that introduced it).
#define LRT_VP2_OPCODES(X)                                                                         \
    X(ABS, Vector, VP1_1)                                                                          \
    X(ADD, Binary, VP1_0)                                                                          \
    X(ARA, AddressAdd, VP2_0)                                                                      \
    X(ARL, AddressLoad, VP1_0)                                                                     \
    X(ARR, AddressLoad, VP2_0)                                                                     \
    X(BRA, Branch, VP2_0)                                                                          \
    X(CAL, Branch, VP2_0)                                                                          \
    X(COS, Scalar, VP2_0)                                                                          \
    X(DP3, Binary, VP1_0)                                                                          \
    X(DP4, Binary, VP1_0)                                                                          \
    X(DPH, Binary, VP1_1)                                                                          \
    X(DST, Binary, VP1_0)                                                                          \
    X(EX2, Scalar, VP2_0)                                                                          \
    X(EXP, Scalar, VP1_0)                                                                          \
    X(FLR, Vector, VP2_0)                                                                          \
    X(FRC, Vector, VP2_0)                                                                          \
    X(LG2, Scalar, VP2_0)                                                                          \
    X(LIT, Vector, VP1_0)                                                                          \
    X(LOG, Scalar, VP1_0)                                                                          \
    X(MAD, Ternary, VP1_0)                                                                         \
    X(MAX, Binary, VP1_0)                                                                          \
    X(MIN, Binary, VP1_0)                                                                          \
    X(MOV, Vector, VP1_0)                                                                          \
    X(MUL, Binary, VP1_0)                                                                          \
    X(RCC, Scalar, VP1_1)                                                                          \
    X(RCP, Scalar, VP1_0)                                                                          \
    X(RET, Return, VP2_0)                                                                          \
    X(RSQ, Scalar, VP1_0)                                                                          \
    X(SEQ, Binary, VP2_0)                                                                          \
    X(SFL, Binary, VP2_0)                                                                          \
    X(SGE, Binary, VP1_0)                                                                          \
    X(SGT, Binary, VP2_0)                                                                          \
    X(SIN, Scalar, VP2_0)                                                                          \
    X(SLE, Binary, VP2_0)                                                                          \
    X(SLT, Binary, VP1_0)                                                                          \
    X(SNE, Binary, VP2_0)                                                                          \
    X(SSG, Vector, VP2_0)                                                                          \
    X(STR, Binary, VP2_0)                                                                          \
    X(SUB, Binary, VP1_1)

enum class Opcode : std::uint8_t { LRT_VP2_OPCODES(LRT_VP2_ENUMERATOR) };

// Case labels from the table's shape column, for switches that name every opcode (no default, so
// that -Wswitch lists each switch a new opcode must reach) while treating a group alike:
// LRT_VP2_OPCODES(LRT_VP2_VALUE_CASE) labels every opcode that computes a vector, and
// LRT_VP2_OPCODES(LRT_VP2_CONTROL_CASE) the branches, returns and address-register loads.
#define LRT_VP2_VALUE_CASE(name, shape, ...) LRT_VP2_VALUE_CASE_##shape(name)
#define LRT_VP2_CONTROL_CASE(name, shape, ...) LRT_VP2_CONTROL_CASE_##shape(name)
#define LRT_VP2_VALUE_CASE_Vector(name) case Opcode::name:
#define LRT_VP2_VALUE_CASE_Scalar(name) case Opcode::name:
#define LRT_VP2_VALUE_CASE_Binary(name) case Opcode::name:
#define LRT_VP2_VALUE_CASE_Ternary(name) case Opcode::name:
#define LRT_VP2_VALUE_CASE_AddressLoad(name)
#define LRT_VP2_VALUE_CASE_AddressAdd(name)
#define LRT_VP2_VALUE_CASE_Branch(name)
#define LRT_VP2_VALUE_CASE_Return(name)
#define LRT_VP2_CONTROL_CASE_Vector(name)
#define LRT_VP2_CONTROL_CASE_Scalar(name)
#define LRT_VP2_CONTROL_CASE_Binary(name)
#define LRT_VP2_CONTROL_CASE_Ternary(name)
#define LRT_VP2_CONTROL_CASE_AddressLoad(name) case Opcode::name:
#define LRT_VP2_CONTROL_CASE_AddressAdd(name) case Opcode::name:
#define LRT_VP2_CONTROL_CASE_Branch(name) case Opcode::name:
#define LRT_VP2_CONTROL_CASE_Return(name) case Opcode::name:
constexpr int kOpcodeCount = 0 LRT_VP2_OPCODES(LRT_VP2_COUNT);
static_assert(kOpcodeCount == 39, "NV_vertex_program2 has 39 opcodes");
#undef LRT_VP2_ENUMERATOR
#undef LRT_VP2_COUNT

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
