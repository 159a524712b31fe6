// The vertex program (NV_vertex_program, 1.1 and 2) as written: instructions with their operands
// and where each part was written, the execution environment they target, labels and options.
// A Program may break any load rule of the spec (the parser makes one from text, a compiler may
// build one in memory); only verify() (slvm/vp2/verifier.h) turns it into a VerifiedProgram the
// executor runs.
#pragma once

#include "slvm/common/source_text.h"
#include "slvm/vp2/instruction_set.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace slvm::vp2 {

// A line and column inside the program's source; the file is the program's.
struct Position {
    int line = 0; // 0 when unknown (a program built in memory)
    int column = 0;
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
    std::int32_t index = 0;            // register number (the address register for ARA)
    bool relative = false;             // c[Ai.c + offset]
    std::uint8_t addressRegister = 0;  // Ai
    std::uint8_t addressComponent = 0; // .c
    std::int32_t offset = 0;
    Swizzle swizzle = kIdentitySwizzle; // scalar operands replicate their component
    bool negateBase = false;            // -R0
    bool absolute = false;              // |R0|
    bool negateAbsolute = false;        // -|R0|
    bool explicitPlus = false;          // +R0 (a no-op sign, VP2 only)

    // Where each part was written, for the load rules' diagnostics.
    Position where;          // the operand's first character
    Position registerWhere;  // the register name, or the number inside c[...]
    Position absoluteWhere;  // the opening '|'
    Position plusWhere;      // the '+' sign
    Position addressWhere;   // Ai of c[Ai.c + offset]
    Position componentWhere; // .c of c[Ai.c + offset]
    Position offsetWhere;    // the offset's number
};

struct Destination {
    RegisterFile file = RegisterFile::Temporary; // Temporary, Result, Address, or CC (VP2 "CC")
    std::int32_t index = 0;
    std::uint8_t writeMask = 0xF; // bit i enables component i
    Position where;               // the register name (inside o[...] for results)
};

struct Instruction {
    Opcode opcode = Opcode::MOV;
    bool updatesCondition = false; // the "C" suffix
    Destination destination;
    ConditionRule conditionRule = ConditionRule::None; // the write or branch condition
    Swizzle conditionSwizzle = kIdentitySwizzle;
    std::array<Source, 3> sources{};
    std::uint8_t sourceCount = 0;
    std::string label;       // BRA/CAL: the label branched to
    std::int32_t target = 0; // BRA/CAL: index of the instruction after the label (set by verify)
    Position where;          // the opcode
    Position conditionWhere; // the condition mask's '('
    Position labelWhere;     // BRA/CAL's label
};

// "name:" before instruction `instruction` (0-based; the count when it ends the program).
struct Label {
    std::string name;
    int instruction = 0;
    Position where;
};

// "#const c[N] = x y z w" in a comment (slvm/vp2/constant_declarations.h): c[N]'s initial value.
struct ConstantDeclaration {
    std::int32_t index = 0;
    std::array<float, 4> value{0, 0, 0, 1};
    Position where; // the 'c' of c[N]
};

struct Program {
    // The text the program was written in: its name names the file in diagnostics, and its lines
    // are quoted under them. A program built in memory may carry its own source (a .cg file) or
    // an empty text with a name.
    std::shared_ptr<const SourceText> source;
    Version version = Version::VP2_0;
    bool positionInvariant = false;
    Position optionWhere; // "OPTION NV_position_invariant"
    std::vector<Instruction> instructions;
    std::vector<Label> labels;
    std::vector<ConstantDeclaration> constants; // in source order, each register at most once
    Position endWhere;                          // END
};

} // namespace slvm::vp2
