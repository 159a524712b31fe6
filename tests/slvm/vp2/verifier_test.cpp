// The vertex program verifier on Programs built in memory, as a compiler builds them: each load
// rule at the Position recorded, quoting the compiler's source; valid programs verify and run.
#include "slvm/vp2/parser.h"
#include "slvm/vp2/verifier.h"
#include "slvm/vp2/vm.h"
#include "tests/slvm/vp2/vp2_test_support.h"

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace slvm::vp2 {
namespace {

using testing::at;
using testing::describe;

// What a compiler read: the program's positions point into these lines.
const char* kCg = "// shape.cg: what the compiler read\n"                          // 1
                  "struct Out { float4 hpos : POSITION; float4 col : COLOR0; };\n" // 2
                  "Out main(float4 p : POSITION, float4 n : NORMAL,\n"             // 3
                  "         uniform float4x4 mvp, uniform float4 tint)\n"          // 4
                  "{\n"                                                            // 5
                  "    Out o;\n"                                                   // 6
                  "    o.hpos = mul(mvp, p);\n"                                    // 7
                  "    o.col = floor(tint - n) * tint;\n"                          // 8
                  "    return o;\n"                                                // 9
                  "}\n";                                                           // 10

std::shared_ptr<const SourceText> cgSource() {
    return std::make_shared<const SourceText>("shape.cg", kCg);
}

// ---- building instructions as a compiler would ---------------------------------------------

Source attribute(int index, Position where) {
    Source s;
    s.file = RegisterFile::Attribute;
    s.index = index;
    s.where = s.registerWhere = where;
    return s;
}
Source parameter(int index, Position where, Position number) {
    Source s;
    s.file = RegisterFile::Parameter;
    s.index = index;
    s.where = where;
    s.registerWhere = number;
    return s;
}
Source temporary(int index, Position where) {
    Source s;
    s.file = RegisterFile::Temporary;
    s.index = index;
    s.where = s.registerWhere = where;
    return s;
}
// c[Ai.c + offset], each part where given.
Source relative(int address, int component, int offset, Position where, Position addressWhere,
                Position componentWhere, Position offsetWhere) {
    Source s;
    s.file = RegisterFile::Parameter;
    s.relative = true;
    s.addressRegister = static_cast<std::uint8_t>(address);
    s.addressComponent = static_cast<std::uint8_t>(component);
    s.offset = offset;
    s.where = s.registerWhere = where;
    s.addressWhere = addressWhere;
    s.componentWhere = componentWhere;
    s.offsetWhere = offsetWhere;
    return s;
}
// A scalar operand ".c": its component replicated.
Source scalar(Source s, int component) {
    const auto c = static_cast<std::uint8_t>(component);
    s.swizzle = {c, c, c, c};
    return s;
}

Destination toResult(Result r, Position where, std::uint8_t mask = 0xF) {
    return {RegisterFile::Result, static_cast<int>(r), mask, where};
}
Destination toTemporary(int index, Position where, std::uint8_t mask = 0xF) {
    return {RegisterFile::Temporary, index, mask, where};
}
Destination toAddress(int index, Position where, std::uint8_t mask) {
    return {RegisterFile::Address, index, mask, where};
}

Instruction make(Opcode opcode, Position where, Destination destination,
                 std::initializer_list<Source> sources) {
    Instruction in;
    in.opcode = opcode;
    in.where = where;
    in.destination = destination;
    for (const Source& s : sources)
        in.sources[in.sourceCount++] = s;
    return in;
}
Instruction branch(Opcode opcode, Position where, std::string label, Position labelWhere) {
    Instruction in;
    in.opcode = opcode;
    in.where = where;
    in.label = std::move(label);
    in.labelWhere = labelWhere;
    return in;
}
Instruction ret(Position where) {
    Instruction in;
    in.opcode = Opcode::RET;
    in.where = where;
    return in;
}

// "MOV o[HPOS], v[0]" at line 7, which every valid program below starts from.
Instruction hposWrite() {
    return make(Opcode::MOV, {7, 5}, toResult(Result::HPOS, {7, 7}), {attribute(0, {7, 23})});
}

// A program of `version` over shape.cg that writes HPOS and ends at line 10.
Program base(Version version) {
    Program p;
    p.source = cgSource();
    p.version = version;
    p.instructions = {hposWrite()};
    p.endWhere = {10, 1};
    return p;
}

// ---- describing programs for failure messages ----------------------------------------------

std::string describe(const Program& p) {
    std::ostringstream o;
    o << versionHeader(p.version) << (p.positionInvariant ? " position-invariant" : "") << ", "
      << p.instructions.size() << " instructions, source "
      << (p.source ? p.source->name() : std::string("(none)")) << "\n";
    const std::size_t shown = std::min<std::size_t>(p.instructions.size(), 8);
    for (std::size_t i = 0; i < shown; ++i)
        o << "  " << i << ": " << describe(p.instructions[i], true) << "\n";
    for (const Label& l : p.labels)
        o << "  label " << l.name << " before " << l.instruction << " @" << at(l.where) << "\n";
    return o.str();
}

std::string formatAll(const std::vector<Diagnostic>& diagnostics) {
    std::string out;
    for (const Diagnostic& d : diagnostics)
        out += formatDiagnostic(d);
    return out;
}

// ---- the broken programs -------------------------------------------------------------------

struct BrokenProgram {
    const char* name;
    Program program;
    const char* rule; // a phrase the diagnostic must contain
    Position where;   // where it must be reported
};

// One program per load rule, each breaking that rule only, at a position of our choosing.
std::vector<BrokenProgram> brokenPrograms() {
    std::vector<BrokenProgram> out;
    const auto add = [&](const char* name, Version version, auto edit, const char* rule,
                         Position where) {
        Program p = base(version);
        edit(p);
        out.push_back({name, std::move(p), rule, where});
    };
    const auto append = [](Instruction in) {
        return [in](Program& p) { p.instructions.push_back(in); };
    };

    add("SUB in VP1.0", Version::VP1_0,
        append(make(Opcode::SUB, {8, 24}, toTemporary(0, {8, 5}),
                    {attribute(0, {8, 19}), parameter(0, {8, 26}, {8, 26})})),
        "SUB is available only in !!VP1.1 and !!VP2.0 programs", {8, 24});
    add("FLR in VP1.1", Version::VP1_1,
        append(
            make(Opcode::FLR, {8, 13}, toTemporary(0, {8, 5}), {parameter(4, {8, 19}, {8, 19})})),
        "FLR is available only in !!VP2.0 programs", {8, 13});
    add("ADDC in VP1.1", Version::VP1_1, append([] {
            Instruction in = make(Opcode::ADD, {8, 24}, toTemporary(0, {8, 5}),
                                  {attribute(0, {8, 19}), parameter(0, {8, 26}, {8, 26})});
            in.updatesCondition = true;
            return in;
        }()),
        "ADDC (a condition-code update) is available only in !!VP2.0 programs", {8, 24});
    add("R12 in VP1.0", Version::VP1_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(12, {8, 5}), {attribute(2, {3, 38})})),
        "R12 is not a temporary register: !!VP1.0 programs have R0-R11", {8, 5});
    add("R16 read in VP2.0", Version::VP2_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {[] {
                        Source s = temporary(16, {8, 19});
                        s.negateBase = true;
                        s.where = {8, 18}; // the '-'; the register name follows it
                        return s;
                    }()})),
        "R16 is not a temporary register: !!VP2.0 programs have R0-R15", {8, 19});
    add("R-1 in VP2.0", Version::VP2_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(-1, {8, 5}), {attribute(2, {3, 38})})),
        "R-1 is not a temporary register", {8, 5});
    add("c[96] in VP1.0", Version::VP1_0,
        append(
            make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {parameter(96, {4, 35}, {4, 37})})),
        "a program parameter number must be a decimal integer from 0 to 95 in !!VP1.0 programs, "
        "not 96",
        {4, 37});
    add("c[256] in VP2.0", Version::VP2_0,
        append(
            make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {parameter(256, {4, 35}, {4, 37})})),
        "from 0 to 255 in !!VP2.0 programs, not 256", {4, 37});
    add("c[-1] in VP1.1", Version::VP1_1,
        append(
            make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {parameter(-1, {4, 35}, {4, 37})})),
        "from 0 to 95 in !!VP1.1 programs, not -1", {4, 37});
    add("v[16]", Version::VP2_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {attribute(16, {3, 38})})),
        "a vertex attribute number must be a decimal integer from 0 to 15, not 16", {3, 38});
    add("VP1 positive offset 64", Version::VP1_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}),
                    {relative(0, 0, 64, {4, 18}, {4, 20}, {4, 23}, {4, 25})})),
        "a positive offset must be a decimal integer from 0 to 63 in !!VP1.0 programs, not 64",
        {4, 25});
    add("VP1 negative offset 65", Version::VP1_1,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}),
                    {relative(0, 0, -65, {4, 18}, {4, 20}, {4, 23}, {4, 25})})),
        "a negative offset must be a decimal integer from 0 to 64 in !!VP1.1 programs, not 65",
        {4, 25});
    add("VP2 positive offset 256", Version::VP2_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}),
                    {relative(1, 3, 256, {4, 18}, {4, 20}, {4, 23}, {4, 25})})),
        "a positive offset must be a decimal integer from 0 to 255 in !!VP2.0 programs", {4, 25});
    add("VP2 negative offset 257", Version::VP2_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}),
                    {relative(0, 2, -257, {4, 18}, {4, 20}, {4, 23}, {4, 25})})),
        "a negative offset must be a decimal integer from 0 to 256 in !!VP2.0 programs", {4, 25});
    add("A1 written in VP1.0", Version::VP1_0,
        append(make(Opcode::ARL, {3, 1}, toAddress(1, {3, 10}, 0x1),
                    {scalar(attribute(1, {3, 21}), 0)})),
        "address register A1 is available only in !!VP2.0 programs", {3, 10});
    add("A1 for relative addressing in VP1.1", Version::VP1_1,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}),
                    {relative(1, 0, 1, {4, 18}, {4, 20}, {4, 23}, {4, 25})})),
        "address register A1 is available only in !!VP2.0 programs", {4, 20});
    add("A0.y relative addressing in VP1.0", Version::VP1_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}),
                    {relative(0, 1, 1, {4, 18}, {4, 20}, {4, 23}, {4, 25})})),
        "relative addressing with A0.y, .z or .w is available only in !!VP2.0 programs", {4, 23});
    add("o[CLP0] in VP1.1", Version::VP1_1,
        append(
            make(Opcode::MOV, {2, 38}, toResult(Result::CLP0, {2, 45}), {attribute(0, {3, 10})})),
        "o[CLP0] is available only in !!VP2.0 programs", {2, 45});
    add("CC destination in VP1.0", Version::VP1_0,
        append(make(Opcode::MOV, {8, 13}, {RegisterFile::CC, 0, 0xF, {8, 5}},
                    {attribute(0, {3, 10})})),
        "the CC destination is available only in !!VP2.0 programs", {8, 5});
    add("condition mask in VP1.1", Version::VP1_1, append([] {
            Instruction in =
                make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {attribute(0, {3, 10})});
            in.conditionRule = ConditionRule::GT;
            in.conditionWhere = {8, 11};
            return in;
        }()),
        "a condition-code mask is available only in !!VP2.0 programs", {8, 11});
    add("absolute value in VP1.1", Version::VP1_1,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {[] {
                        Source s = attribute(0, {8, 20});
                        s.absolute = true;
                        s.absoluteWhere = {8, 19};
                        return s;
                    }()})),
        "an absolute-value operand |...| is available only in !!VP2.0 programs", {8, 19});
    add("plus sign in VP1.0", Version::VP1_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {[] {
                        Source s = attribute(0, {8, 20});
                        s.explicitPlus = true;
                        s.plusWhere = {8, 24};
                        return s;
                    }()})),
        "a '+' sign on an operand is available only in !!VP2.0 programs", {8, 24});
    add("position-invariant program writes HPOS", Version::VP2_0,
        [](Program& p) {
            p.positionInvariant = true;
            p.optionWhere = {1, 1};
        },
        "a position-invariant program must not write o[HPOS]", {7, 7});
    add("position-invariant VP1.1 program addresses relatively", Version::VP1_1,
        [](Program& p) {
            p.positionInvariant = true;
            p.optionWhere = {1, 1};
            p.instructions = {make(Opcode::MOV, {8, 13}, toResult(Result::COL0, {8, 7}),
                                   {relative(0, 0, 1, {4, 18}, {4, 20}, {4, 23}, {4, 25})})};
        },
        "a position-invariant !!VP1.1 program cannot use relative addressing", {4, 20});
    add("OPTION in VP1.0", Version::VP1_0,
        [](Program& p) {
            p.positionInvariant = true;
            p.optionWhere = {1, 4};
            p.instructions = {make(Opcode::MOV, {8, 13}, toResult(Result::COL0, {8, 7}),
                                   {attribute(3, {3, 38})})};
        },
        "OPTION is available only in !!VP1.1 and !!VP2.0 programs", {1, 4});
    add("two program parameters", Version::VP2_0,
        append(make(Opcode::ADD, {8, 24}, toTemporary(0, {8, 5}),
                    {parameter(1, {8, 13}, {8, 15}), parameter(2, {8, 19}, {8, 21})})),
        "this instruction reads two different program parameters (spec: \"A vertex program fails "
        "to load if any instruction sources more than one unique program parameter register.\")",
        {8, 19});
    add("two relative parameters with different offsets", Version::VP2_0,
        append(make(Opcode::MAD, {8, 24}, toTemporary(0, {8, 5}),
                    {relative(0, 0, 1, {8, 13}, {8, 15}, {8, 18}, {8, 20}), attribute(0, {8, 26}),
                     relative(0, 0, 2, {8, 30}, {8, 32}, {8, 35}, {8, 37})})),
        "this instruction reads two different program parameters", {8, 30});
    add("two vertex attributes", Version::VP1_0,
        append(make(Opcode::ADD, {8, 24}, toTemporary(0, {8, 5}),
                    {attribute(0, {8, 19}), attribute(2, {8, 26})})),
        "this instruction reads two different vertex attributes, v[0] and v[2]", {8, 26});
    add("undefined label", Version::VP2_0, append(branch(Opcode::BRA, {9, 5}, "nowhere", {9, 12})),
        "undefined label 'nowhere' (spec: \"A vertex program will fail to load if an instruction "
        "refers to a label that is not defined in the program string.\")",
        {9, 12});
    add("undefined CAL target", Version::VP2_0, append(branch(Opcode::CAL, {9, 5}, "Main", {9, 9})),
        "undefined label 'Main'", {9, 9});
    add("duplicate label", Version::VP2_0,
        [](Program& p) {
            p.instructions.push_back(ret({9, 5}));
            p.labels = {{"again", 0, {6, 1}}, {"again", 1, {9, 1}}};
        },
        "label 'again' is defined twice (first before instruction 1)", {9, 1});
    add("label in VP1.1", Version::VP1_1,
        [](Program& p) {
            p.labels = {{"start", 0, {6, 5}}};
        },
        "an instruction label is available only in !!VP2.0 programs", {6, 5});
    add("BRA in VP1.1", Version::VP1_1, append(branch(Opcode::BRA, {9, 5}, "nowhere", {9, 12})),
        "BRA is available only in !!VP2.0 programs", {9, 5});
    add("no HPOS write", Version::VP2_0,
        [](Program& p) {
            p.instructions = {
                make(Opcode::MOV, {8, 5}, toResult(Result::COL0, {8, 7}), {attribute(3, {8, 19})})};
        },
        "the program never writes o[HPOS] (spec: \"A vertex program fails to load if it does not "
        "write at least one component of the HPOS register.\")",
        {10, 1});
    add("HPOS written only to a temporary", Version::VP1_0,
        [](Program& p) {
            p.instructions = {
                make(Opcode::MOV, {7, 5}, toTemporary(0, {7, 7}), {attribute(0, {7, 23})})};
        },
        "the program never writes o[HPOS]", {10, 1});
    add("writing a vertex attribute", Version::VP2_0,
        append(make(Opcode::MOV, {8, 13}, {RegisterFile::Attribute, 0, 0xF, {8, 5}},
                    {parameter(0, {8, 19}, {8, 19})})),
        "only temporaries, results, address registers and CC can be written", {8, 5});
    add("reading a result register", Version::VP2_0,
        append(make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {[] {
                        Source s;
                        s.file = RegisterFile::Result;
                        s.where = s.registerWhere = {8, 19};
                        return s;
                    }()})),
        "only attributes, parameters, temporaries and (for ARA) address registers can be read",
        {8, 19});
    add("129 VP1.0 instructions", Version::VP1_0,
        [](Program& p) {
            p.instructions.assign(128, hposWrite());
            Instruction last = hposWrite();
            last.where = {9, 5};
            p.instructions.push_back(last);
        },
        "too many instructions: shape.cg has 129, a !!VP1.0 program may have at most 128", {9, 5});
    add("257 VP2.0 instructions", Version::VP2_0,
        [](Program& p) {
            p.instructions.assign(256, hposWrite());
            Instruction last = hposWrite();
            last.where = {9, 5};
            p.instructions.push_back(last);
        },
        "too many instructions: shape.cg has 257, a !!VP2.0 program may have at most 256", {9, 5});
    add("253 position-invariant VP2.0 instructions", Version::VP2_0,
        [](Program& p) {
            p.positionInvariant = true;
            const Instruction colour =
                make(Opcode::MOV, {8, 5}, toResult(Result::COL0, {8, 7}), {attribute(3, {8, 19})});
            p.instructions.assign(252, colour);
            Instruction last = colour;
            last.where = {9, 5};
            p.instructions.push_back(last);
        },
        "too many instructions: shape.cg has 253, a position-invariant !!VP2.0 program may have at "
        "most 252",
        {9, 5});
    return out;
}

// A program with a label "main" not at the start, a subroutine called with CAL, and a BRA over
// an instruction; `source` holds kCallText, and every position is where the parser puts it.
const char* kCallText = "!!VP2.0\n"                  // 1
                        "double:\n"                  // 2
                        "ADD R1, R1, R1;\n"          // 3  instruction 0
                        "RET;\n"                     // 4  1
                        "main:\n"                    // 5
                        "MOV R1, v[0];\n"            // 6  2
                        "CAL double;\n"              // 7  3
                        "MAD R2, R1, c[0], c[0];\n"  // 8  4
                        "BRA skip;\n"                // 9  5
                        "MOV R2, -v[0];\n"           // 10 6
                        "skip:\n"                    // 11
                        "DP4 o[HPOS].x, R2, c[0];\n" // 12 7
                        "MOV o[COL0], R1;\n"         // 13 8
                        "END\n";                     // 14

Program callProgram(std::shared_ptr<const SourceText> source) {
    Program p;
    p.source = std::move(source);
    p.version = Version::VP2_0;
    // Columns counted by hand: "ADD R1, R1, R1;" has R1 at 5, 9 and 13; "MOV R1, v[0];" has v at
    // 9 and its 0 at 11; "MAD R2, R1, c[0], c[0];" has R1 at 9, c at 13 and 19, the numbers at 15
    // and 21; "MOV R2, -v[0];" has '-' at 9 and the 0 at 12; "DP4 o[HPOS].x, R2, c[0];" has HPOS
    // at 7, R2 at 16, c at 20 and its 0 at 22; "MOV o[COL0], R1;" has COL0 at 7 and R1 at 14.
    p.instructions = {
        make(Opcode::ADD, {3, 1}, toTemporary(1, {3, 5}),
             {temporary(1, {3, 9}), temporary(1, {3, 13})}),
        ret({4, 1}),
        make(Opcode::MOV, {6, 1}, toTemporary(1, {6, 5}), {[] {
                 Source s = attribute(0, {6, 9});
                 s.registerWhere = {6, 11};
                 return s;
             }()}),
        branch(Opcode::CAL, {7, 1}, "double", {7, 5}),
        make(
            Opcode::MAD, {8, 1}, toTemporary(2, {8, 5}),
            {temporary(1, {8, 9}), parameter(0, {8, 13}, {8, 15}), parameter(0, {8, 19}, {8, 21})}),
        branch(Opcode::BRA, {9, 1}, "skip", {9, 5}),
        make(Opcode::MOV, {10, 1}, toTemporary(2, {10, 5}), {[] {
                 Source s = attribute(0, {10, 9});
                 s.registerWhere = {10, 12};
                 s.negateBase = true;
                 return s;
             }()}),
        make(Opcode::DP4, {12, 1}, toResult(Result::HPOS, {12, 7}, 0x1),
             {temporary(2, {12, 16}), parameter(0, {12, 20}, {12, 22})}),
        make(Opcode::MOV, {13, 1}, toResult(Result::COL0, {13, 7}), {temporary(1, {13, 14})}),
    };
    p.labels = {{"double", 0, {2, 1}}, {"main", 2, {5, 1}}, {"skip", 7, {11, 1}}};
    p.endWhere = {14, 1};
    return p;
}

} // namespace

TEST_CASE("each load rule is reported at the position a compiler recorded", "[vp2][verify]") {
    const auto programs = brokenPrograms();
    REQUIRE(programs.size() >= 40);
    for (const BrokenProgram& b : programs) {
        INFO("case: " << b.name << "\n" << describe(b.program));
        const std::vector<Diagnostic> d = checkLoadRules(b.program);
        INFO("diagnostics:\n" << formatAll(d));
        REQUIRE(d.size() == 1);
        CHECK(d[0].severity == Severity::Error);
        CHECK(d[0].where.file == "shape.cg");
        CHECK(d[0].where.line == b.where.line);
        CHECK(d[0].where.column == b.where.column);
        CHECK_THAT(d[0].message, Catch::Contains(b.rule));
        // The quoted line is that line of the compiler's source.
        CHECK(d[0].sourceLine == std::string(b.program.source->line(b.where.line)));
        CHECK_FALSE(d[0].sourceLine.empty());
        // verify() refuses it with the same diagnostic.
        try {
            verify(b.program);
            FAIL("verified a program that breaks a load rule");
        } catch (const ProgramError& e) {
            REQUIRE(e.diagnostics().size() == 1);
            CHECK(e.diagnostics()[0].message == d[0].message);
            CHECK(std::string(e.what()) == formatDiagnostic(d[0]));
        }
    }
}

TEST_CASE("the quoted line and caret of a verifier diagnostic", "[vp2][verify]") {
    Program p = base(Version::VP1_0);
    p.instructions.push_back(make(Opcode::SUB, {8, 24}, toTemporary(0, {8, 5}),
                                  {attribute(0, {8, 19}), parameter(0, {8, 26}, {8, 26})}));
    const auto d = checkLoadRules(p);
    REQUIRE(d.size() == 1);
    // Column 24 of "    o.col = floor(tint - n) * tint;" is the '-': 23 pads.
    CHECK(formatDiagnostic(d[0]) ==
          "shape.cg:8:24: error: SUB is available only in !!VP1.1 and !!VP2.0 programs\n"
          "        o.col = floor(tint - n) * tint;\n"
          "    " +
              std::string(23, ' ') + "^\n");
}

TEST_CASE("an instruction reports only the first rule it breaks", "[vp2][verify]") {
    // SUB in VP1.0 writing R12 from c[96] and v[16]: the opcode is checked first.
    Program p = base(Version::VP1_0);
    p.instructions.push_back(make(Opcode::SUB, {8, 24}, toTemporary(12, {8, 5}),
                                  {parameter(96, {8, 13}, {8, 15}), attribute(16, {8, 26})}));
    const auto d = checkLoadRules(p);
    INFO(formatAll(d));
    REQUIRE(d.size() == 1);
    CHECK_THAT(d[0].message, Catch::Contains("SUB is available only"));
    // A broken BRA's label is not checked again: one diagnostic, not two.
    Program b = base(Version::VP1_0);
    b.instructions.push_back(branch(Opcode::BRA, {9, 5}, "nowhere", {9, 12}));
    const auto e = checkLoadRules(b);
    INFO(formatAll(e));
    REQUIRE(e.size() == 1);
    CHECK_THAT(e[0].message, Catch::Contains("BRA is available only in !!VP2.0 programs"));
}

TEST_CASE("diagnostics come in source order, those without a line last", "[vp2][verify]") {
    Program p;
    p.source = cgSource();
    p.version = Version::VP1_0;
    p.endWhere = {10, 1};
    p.instructions = {
        // Program order is not source order, as after a compiler's scheduling.
        make(Opcode::SUB, {8, 24}, toTemporary(0, {8, 5}), {attribute(0, {8, 19})}),
        make(Opcode::MOV, {3, 1}, toTemporary(12, {3, 10}), {attribute(0, {3, 21})}),
        make(Opcode::FLR, {0, 0}, toTemporary(0, {0, 0}), {attribute(0, {0, 0})}), // no position
        make(Opcode::MOV, {4, 10}, toResult(Result::CLP1, {4, 20}), {attribute(0, {4, 30})}),
    };
    p.labels = {{"start", 1, {6, 5}}};
    // Expected: R12 at 3:10, CLP1 at 4:20, the VP1 label at 6:5, SUB at 8:24, no HPOS write at
    // END 10:1, then FLR with no line.
    const auto d = checkLoadRules(p);
    INFO(formatAll(d));
    REQUIRE(d.size() == 6);
    const std::vector<std::pair<int, int>> expected = {{3, 10}, {4, 20}, {6, 5},
                                                       {8, 24}, {10, 1}, {0, 0}};
    for (std::size_t i = 0; i < d.size(); ++i) {
        INFO("diagnostic " << i);
        CHECK(d[i].where.line == expected[i].first);
        CHECK(d[i].where.column == expected[i].second);
    }
    CHECK_THAT(d[0].message, Catch::Contains("R12"));
    CHECK_THAT(d[1].message, Catch::Contains("o[CLP1]"));
    CHECK_THAT(d[2].message, Catch::Contains("label"));
    CHECK_THAT(d[3].message, Catch::Contains("SUB"));
    CHECK_THAT(d[4].message, Catch::Contains("never writes o[HPOS]"));
    CHECK_THAT(d[5].message, Catch::Contains("FLR"));
    CHECK(d[5].sourceLine.empty());
    try {
        verify(p);
        FAIL("verified a broken program");
    } catch (const ProgramError& e) {
        REQUIRE(e.diagnostics().size() == 6);
        CHECK(e.diagnostics()[5].where.line == 0);
    }
}

TEST_CASE("a program without a source is named (vertex program)", "[vp2][verify]") {
    Program p = base(Version::VP1_0);
    p.source = nullptr;
    p.instructions.push_back(
        make(Opcode::SUB, {8, 24}, toTemporary(0, {8, 5}), {attribute(0, {8, 19})}));
    const auto d = checkLoadRules(p);
    REQUIRE(d.size() == 1);
    CHECK(d[0].where.file == "(vertex program)");
    CHECK(d[0].where.line == 8);
    CHECK(d[0].where.column == 24);
    CHECK(d[0].sourceLine.empty());
    try {
        verify(p);
        FAIL("verified a broken program");
    } catch (const ProgramError& e) {
        CHECK(std::string(e.what()) ==
              "(vertex program):8:24: error: SUB is available only in !!VP1.1 and !!VP2.0 "
              "programs\n");
    }
    // Too many instructions names the program the same way.
    Program many;
    many.version = Version::VP1_1;
    many.instructions.assign(129, hposWrite());
    const auto m = checkLoadRules(many);
    REQUIRE(m.size() == 1);
    CHECK(m[0].where.file == "(vertex program)");
    CHECK_THAT(m[0].message, Catch::Contains("too many instructions: (vertex program) has 129, a "
                                             "!!VP1.1 program may have at most 128"));
    // A valid one verifies under that name.
    Program good = base(Version::VP2_0);
    good.source = nullptr;
    const VerifiedProgram v = verify(good);
    CHECK(v.name() == "(vertex program)");
    CHECK(v.instructions().size() == 1);
}

TEST_CASE("programs at the edge of the rules verify", "[vp2][verify]") {
    struct Edge {
        const char* name;
        Program program;
    };
    std::vector<Edge> edges;
    const auto with = [](Version v, std::initializer_list<Instruction> extra) {
        Program p = base(v);
        p.instructions.insert(p.instructions.end(), extra);
        return p;
    };
    const Position x{8, 5};
    edges.push_back({"R11 and c[95] in VP1.0",
                     with(Version::VP1_0, {make(Opcode::ADD, x, toTemporary(11, x),
                                                {temporary(11, x), parameter(95, x, x)})})});
    edges.push_back({"R15 and c[255] in VP2.0",
                     with(Version::VP2_0, {make(Opcode::ADD, x, toTemporary(15, x),
                                                {temporary(15, x), parameter(255, x, x)})})});
    edges.push_back(
        {"VP1 offsets +63 and -64",
         with(Version::VP1_0,
              {make(Opcode::MOV, x, toTemporary(0, x), {relative(0, 0, 63, x, x, x, x)}),
               make(Opcode::MOV, x, toTemporary(0, x), {relative(0, 0, -64, x, x, x, x)})})});
    edges.push_back(
        {"VP2 offsets +255 and -256 through A1.w",
         with(Version::VP2_0,
              {make(Opcode::MOV, x, toTemporary(0, x), {relative(1, 3, 255, x, x, x, x)}),
               make(Opcode::MOV, x, toTemporary(0, x), {relative(1, 3, -256, x, x, x, x)})})});
    edges.push_back({"the same parameter and attribute twice",
                     with(Version::VP1_0, {make(Opcode::MAD, x, toTemporary(0, x),
                                                {parameter(4, x, x), attribute(1, x),
                                                 scalar(parameter(4, x, x), 2)})})});
    edges.push_back({"o[TEX7] in VP1.0",
                     with(Version::VP1_0,
                          {make(Opcode::MOV, x, toResult(Result::TEX7, x), {attribute(0, x)})})});
    edges.push_back({"o[CLP5] in VP2.0",
                     with(Version::VP2_0,
                          {make(Opcode::MOV, x, toResult(Result::CLP5, x), {attribute(0, x)})})});
    {
        Program p = base(Version::VP1_0);
        p.instructions.assign(128, hposWrite());
        edges.push_back({"128 VP1.0 instructions", std::move(p)});
    }
    {
        Program p = base(Version::VP2_0);
        p.positionInvariant = true;
        p.instructions.assign(252,
                              make(Opcode::MOV, x, toResult(Result::COL0, x), {attribute(3, x)}));
        edges.push_back({"252 position-invariant VP2.0 instructions, no HPOS", std::move(p)});
    }
    {
        Program p = base(Version::VP2_0);
        p.instructions.push_back(branch(Opcode::BRA, x, "end", x));
        p.labels = {{"end", 2, x}}; // a label at the end of the program
        edges.push_back({"a label after the last instruction", std::move(p)});
    }
    for (const Edge& e : edges) {
        INFO("case: " << e.name << "\n" << describe(e.program));
        const auto d = checkLoadRules(e.program);
        INFO(formatAll(d));
        CHECK(d.empty());
        CHECK_NOTHROW(verify(e.program));
    }
}

// A program built in memory can name registers and components no grammar would let through; the
// verifier must refuse each, or the machine would read or write outside its arrays.
TEST_CASE("register numbers and components outside the machine are load errors", "[vp2][verify]") {
    struct Case {
        const char* name;
        Instruction instruction;
    };
    const auto withSource = [](Source s) {
        return make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {s});
    };
    std::vector<Case> cases = {
        {"ARL A2", make(Opcode::ARL, {8, 1}, toAddress(2, {8, 5}, 0xF), {attribute(1, {8, 19})})},
        {"ARL A-1", make(Opcode::ARL, {8, 1}, toAddress(-1, {8, 5}, 0xF), {attribute(1, {8, 19})})},
        {"ARA from A3", make(Opcode::ARA, {8, 1}, toAddress(0, {8, 5}, 0xF), {[] {
                                 Source s;
                                 s.file = RegisterFile::Address;
                                 s.index = 3;
                                 s.where = s.registerWhere = {8, 19};
                                 return s;
                             }()})},
        {"c[A2.x+1]", withSource(relative(2, 0, 1, {8, 18}, {8, 20}, {8, 23}, {8, 25}))},
        {"c[A0.?+1] with component 4",
         withSource(relative(0, 4, 1, {8, 18}, {8, 20}, {8, 23}, {8, 25}))},
        {"o[-1]",
         make(Opcode::MOV, {8, 13}, toResult(Result::HPOS, {8, 5}), {attribute(0, {8, 19})})},
        {"a swizzle naming component 7", withSource([] {
             Source s = attribute(0, {8, 19});
             s.swizzle = {0, 1, 2, 7};
             return s;
         }())},
        {"a condition swizzle naming component 9",
         [] {
             Instruction in =
                 make(Opcode::MOV, {8, 13}, toTemporary(0, {8, 5}), {attribute(0, {8, 19})});
             in.conditionRule = ConditionRule::GT;
             in.conditionSwizzle = {9, 9, 9, 9};
             in.conditionWhere = {8, 11};
             return in;
         }()},
    };
    cases[5].instruction.destination.index = -1;
    for (const Case& c : cases) {
        Program p = base(Version::VP2_0);
        p.instructions.push_back(c.instruction);
        INFO("case: " << c.name << "\n" << describe(p));
        const auto d = checkLoadRules(p);
        INFO(formatAll(d));
        CHECK_FALSE(d.empty());
        if (d.empty())
            continue;
        CHECK(d[0].where.file == "shape.cg");
        CHECK(d[0].where.line == 8);
    }
}

// o[21], one past o[CLP5], in a VP2 program: named by its number (there is no name to read).
TEST_CASE("a result register past o[CLP5] is a load error", "[vp2][verify]") {
    Program p = base(Version::VP2_0);
    Instruction in =
        make(Opcode::MOV, {8, 13}, toResult(Result::CLP5, {8, 5}), {attribute(0, {8, 19})});
    in.destination.index = kResultCount;
    p.instructions.push_back(in);
    INFO(describe(p));
    const auto d = checkLoadRules(p);
    REQUIRE(d.size() == 1);
    CHECK(d[0].where.line == 8);
    CHECK(d[0].where.column == 5);
    INFO("message: " << d[0].message);
    // Named by its number, as R16 and v[16] are; not said to need a VP2 program, being in one
    // (a release build prints "o[] is available only in !!VP2.0 programs").
    CHECK_THAT(d[0].message, Catch::Contains("21"));
    CHECK_THAT(d[0].message, !Catch::Contains("available only in !!VP2.0 programs"));
}

TEST_CASE("a valid in-memory program verifies, resolves its labels and runs", "[vp2][verify]") {
    const auto source = std::make_shared<const SourceText>("call.vp", kCallText);
    INFO(describe(callProgram(source)));
    REQUIRE(checkLoadRules(callProgram(source)).empty());
    const VerifiedProgram v = verify(callProgram(source));
    CHECK(v.name() == "call.vp");
    CHECK(v.version() == Version::VP2_0);
    CHECK_FALSE(v.positionInvariant());
    CHECK(v.limits().temporaries == 16);
    REQUIRE(v.instructions().size() == 9);
    CHECK(v.instructions()[3].target == 0); // CAL double
    CHECK(v.instructions()[5].target == 7); // BRA skip
    CHECK(v.entryPoint() == 2);             // main
    CHECK(v.writes(Result::HPOS));
    CHECK(v.writes(Result::COL0));
    CHECK_FALSE(v.writes(Result::COL1));
    CHECK_FALSE(v.writes(Result::TEX0));

    // By hand, with v[0] = (1 2 3 4) and c[0] = (0.5 1 2 -1), from main (instruction 2):
    //   MOV R1 = (1 2 3 4); CAL double: ADD R1 = (2 4 6 8), RET;
    //   MAD R2 = R1 * c0 + c0 = (1.5 5 14 -9); BRA skip (MOV R2 = -v[0] is skipped);
    //   DP4 o[HPOS].x = 0.75 + 5 + 28 + 9 = 42.75, y z w keep (0 0 1); MOV o[COL0] = (2 4 6 8).
    // Instructions executed: 2 3 0 1 4 5 7 8, eight in all.
    const std::vector<Vector4> parameters = {{0.5f, 1, 2, -1}};
    VertexMachine machine(v, parameters);
    std::array<Vector4, kAttributeCount> attributes;
    attributes.fill({0, 0, 0, 1});
    attributes[0] = {1, 2, 3, 4};
    const ExecutionResult r = machine.run(attributes);
    CHECK(r.status == ExecutionStatus::Ok);
    CHECK(r.executed == 8);
    CHECK(machine.result(Result::HPOS) == Vector4{42.75f, 0, 0, 1});
    CHECK(machine.result(Result::COL0) == Vector4{2, 4, 6, 8});
    CHECK(machine.result(Result::COL1) == Vector4{0, 0, 0, 1});
    CHECK(machine.temporary(1) == Vector4{2, 4, 6, 8});
    CHECK(machine.temporary(2) == Vector4{1.5f, 5, 14, -9});
}

TEST_CASE("parsing then verifying gives the instructions a compiler would build", "[vp2][verify]") {
    const VerifiedProgram parsed = loadVertexProgram(kCallText, "call.vp");
    const VerifiedProgram built =
        verify(callProgram(std::make_shared<const SourceText>("call.vp", kCallText)));
    CHECK(parsed.name() == built.name());
    CHECK(parsed.version() == built.version());
    CHECK(parsed.entryPoint() == built.entryPoint());
    REQUIRE(parsed.instructions().size() == built.instructions().size());
    for (std::size_t i = 0; i < parsed.instructions().size(); ++i) {
        INFO("instruction " << i << " of\n" << kCallText);
        CHECK(describe(parsed.instructions()[i], true) == describe(built.instructions()[i], true));
    }
    const Program& a = parsed.program();
    const Program& b = built.program();
    REQUIRE(a.labels.size() == b.labels.size());
    for (std::size_t i = 0; i < a.labels.size(); ++i) {
        CHECK(a.labels[i].name == b.labels[i].name);
        CHECK(a.labels[i].instruction == b.labels[i].instruction);
        CHECK(at(a.labels[i].where) == at(b.labels[i].where));
    }
    CHECK(at(a.endWhere) == at(b.endWhere));
}

} // namespace slvm::vp2
