// The in-memory vertex program (NV_vertex_program, 1.1 and 2): decoded instructions with their
// operands, the execution environment they were written for, and its resource limits. Only the
// parser (slvm/vp2/parser.h) makes a Program, after every "fails to load" rule has passed, so the
// executor can trust register numbers and branch targets.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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
constexpr std::uint64_t kExecutionLimit = 65536;
constexpr int kAddressMin = -512, kAddressMax = 511; // 10-bit signed address components

// Result registers, in the spec's Table X.1 order.
enum class Result : std::uint8_t {
    HPOS,
    COL0,
    COL1,
    BFC0,
    BFC1,
    FOGC,
    PSIZ,
    TEX0,
    TEX1,
    TEX2,
    TEX3,
    TEX4,
    TEX5,
    TEX6,
    TEX7,
    CLP0,
    CLP1,
    CLP2,
    CLP3,
    CLP4,
    CLP5
};
constexpr int kResultCount = 21;
std::string_view resultName(int result); // "HPOS", ...

// Every opcode, without its condition-code suffix "C" (which is Instruction::updatesCondition).
enum class Opcode : std::uint8_t {
    ABS,
    ADD,
    ARA,
    ARL,
    ARR,
    BRA,
    CAL,
    COS,
    DP3,
    DP4,
    DPH,
    DST,
    EX2,
    EXP,
    FLR,
    FRC,
    LG2,
    LIT,
    LOG,
    MAD,
    MAX,
    MIN,
    MOV,
    MUL,
    RCC,
    RCP,
    RET,
    RSQ,
    SEQ,
    SFL,
    SGE,
    SGT,
    SIN,
    SLE,
    SLT,
    SNE,
    SSG,
    STR,
    SUB
};

// Condition-code values, and the tests of a condition mask "(GE.xyzw)".
enum class Condition : std::uint8_t { EQ, GT, LT, UN };
enum class ConditionRule : std::uint8_t { None, EQ, GE, GT, LE, LT, NE, TR, FL };
std::string_view conditionName(Condition condition);

enum class RegisterFile : std::uint8_t { Attribute, Parameter, Temporary, Result, Address, CC };

using Swizzle = std::array<std::uint8_t, 4>; // source component for x, y, z, w
constexpr Swizzle kIdentitySwizzle{0, 1, 2, 3};

struct Source {
    RegisterFile file = RegisterFile::Temporary;
    std::uint16_t index = 0;           // register number (the address register for ARA)
    bool relative = false;             // c[Ai.c + offset]
    std::uint8_t addressRegister = 0;  // Ai
    std::uint8_t addressComponent = 0; // .c
    std::int16_t offset = 0;
    Swizzle swizzle = kIdentitySwizzle; // scalar operands replicate their component
    bool negateBase = false;            // -R0
    bool absolute = false;              // |R0|
    bool negateAbsolute = false;        // -|R0|
};

struct Destination {
    RegisterFile file = RegisterFile::Temporary; // Temporary, Result, Address, or CC (VP2 "CC")
    std::uint8_t index = 0;
    std::uint8_t writeMask = 0xF; // bit i enables component i
};

struct Instruction {
    Opcode opcode = Opcode::MOV;
    bool updatesCondition = false; // the "C" suffix
    Destination destination;
    ConditionRule conditionRule = ConditionRule::None; // the write or branch condition
    Swizzle conditionSwizzle = kIdentitySwizzle;
    std::array<Source, 3> sources{};
    std::uint8_t sourceCount = 0;
    std::int32_t target = 0;  // BRA/CAL: index of the instruction after the label
    int line = 0, column = 0; // where it was written, for debugging tools
};

class Program {
public:
    Version version() const { return version_; }
    bool positionInvariant() const { return positionInvariant_; }
    const std::vector<Instruction>& instructions() const { return instructions_; }
    int entryPoint() const { return entryPoint_; } // after the label "main", else 0
    // Whether some instruction writes result register r (any component, under any mask).
    bool writes(Result r) const { return (writtenResults_ >> static_cast<int>(r)) & 1u; }
    const std::string& name() const { return name_; }
    const Limits& limits() const { return limits_; }

    struct Key {
    private:
        Key() = default;
        friend class Parser;
    };
    Program(Key, std::string name, Version version, bool positionInvariant,
            std::vector<Instruction> instructions, int entryPoint, std::uint32_t writtenResults)
        : name_(std::move(name)), version_(version), positionInvariant_(positionInvariant),
          instructions_(std::move(instructions)), entryPoint_(entryPoint),
          writtenResults_(writtenResults), limits_(limitsFor(version, positionInvariant)) {}

private:
    std::string name_;
    Version version_;
    bool positionInvariant_;
    std::vector<Instruction> instructions_;
    int entryPoint_;
    std::uint32_t writtenResults_;
    Limits limits_;
};

} // namespace slvm::vp2
