// Programs that must fail to load, each with the rule it breaks: the message must name it, and
// the location must point at the offending token.
#include "tests/slvm/vp2/vp2_test_support.h"

#include <fmt/format.h>

namespace slvm::vp2 {
namespace {

using testing::loadErrors;

struct BadProgram {
    const char* name;
    std::string text;
    const char* rule; // a phrase the first diagnostic must contain
    int line = 0;     // expected location of the first diagnostic, when non-zero
    int column = 0;
};

std::string repeated(const std::string& instruction, int count) {
    std::string out;
    for (int i = 0; i < count; ++i)
        out += instruction + "\n";
    return out;
}

const char* kOneParameter = "sources more than one unique program parameter register";
const char* kOneAttribute = "sources more than one unique vertex attribute register";

std::vector<BadProgram> badPrograms() {
    return {
        {"no header", "MOV o[HPOS], v[0];\nEND\n", "begins with !!VP1.0, !!VP1.1 or !!VP2.0", 1, 1},
        {"unknown header", "!!VP3.0\nMOV o[HPOS], v[0];\nEND\n", "begins with !!VP1.0", 1, 1},
        {"lower-case header", "!!vp2.0\nMOV o[HPOS], v[0];\nEND\n", "begins with !!VP1.0", 1, 1},
        {"vertex state program", "!!VSP1.0\nMOV c[0], v[0];\nEND\n",
         "vertex state programs (!!VSP1.0) are not supported", 1, 1},
        {"missing END", "!!VP2.0\nMOV o[HPOS], v[0];\n", "missing END", 3, 1},
        {"text after END", "!!VP2.0\nMOV o[HPOS], v[0];\nEND\nMOV R0, v[0];\n", "after END", 4, 1},
        // Constant declarations in cgc's form (#const c[N] = x y z w), issue 31 defect 5.
        {"#const without a register", "!!VP2.0\n#const = 1 2 3 4\nMOV o[HPOS], v[0];\nEND\n",
         "malformed constant declaration: expected '#const c[N] = x [y [z [w]]]'", 2, 8},
        {"#const without a value", "!!VP2.0\n#const c[3] =\nMOV o[HPOS], v[0];\nEND\n",
         "constant declaration of c[3] has no value", 2, 14},
        {"#const with five numbers", "!!VP2.0\n#const c[3] = 1 2 3 4 5\nMOV o[HPOS], v[0];\nEND\n",
         "more than four numbers", 2, 23},
        {"#const with a word", "!!VP2.0\n#const c[3] = 1 two\nMOV o[HPOS], v[0];\nEND\n",
         "'two' is not a number", 2, 17},
        {"#const beyond float", "!!VP2.0\n#const c[3] = 1 1e39\nMOV o[HPOS], v[0];\nEND\n",
         "number '1e39' is outside float's range", 2, 17},
        {"#const underflowing float", "!!VP2.0\n#const c[3] = 1e-39\nMOV o[HPOS], v[0];\nEND\n",
         "number '1e-39' underflows float", 2, 15},
        {"#const twice", "!!VP2.0\n#const c[3] = 1\n #const c[3] = 2\nMOV o[HPOS], v[0];\nEND\n",
         "c[3] is declared twice", 3, 9},
        {"#const beyond VP1's registers", "!!VP1.0\n#const c[96] = 1\nMOV o[HPOS], v[0];\nEND\n",
         "#const declares c[96], but !!VP1.0 programs have c[0] to c[95]", 2, 8},
        {"#const beyond VP2's registers", "!!VP2.0\n#const c[256] = 1\nMOV o[HPOS], v[0];\nEND\n",
         "#const declares c[256], but !!VP2.0 programs have c[0] to c[255]", 2, 8},
        {"no HPOS write", "!!VP2.0\nMOV o[COL0], v[3];\nEND\n",
         "fails to load if it does not write at least one component of the HPOS register", 3, 1},
        {"HPOS written only to a temporary", "!!VP1.0\nMOV R0, v[0];\nEND\n",
         "does not write at least one component of the HPOS register"},
        {"129 VP1.0 instructions", "!!VP1.0\n" + repeated("MOV o[HPOS], v[0];", 129) + "END\n",
         "in the VP1 execution environment if it contains more than 128 instructions", 130, 1},
        {"129 VP1.1 instructions", "!!VP1.1\n" + repeated("MOV o[HPOS], v[0];", 129) + "END\n",
         "at most 128"},
        {"257 VP2.0 instructions", "!!VP2.0\n" + repeated("MOV o[HPOS], v[0];", 257) + "END\n",
         "in the VP2 execution environment if it contains more than 256 instructions", 258, 1},
        {"253 position-invariant VP2 instructions",
         "!!VP2.0\nOPTION NV_position_invariant;\n" + repeated("MOV o[COL0], v[3];", 253) + "END\n",
         "may have no more than 124 or 252 instructions"},
        {"125 position-invariant VP1.1 instructions",
         "!!VP1.1\nOPTION NV_position_invariant;\n" + repeated("MOV o[COL0], v[3];", 125) + "END\n",
         "at most 124"},
        {"position-invariant program writes HPOS",
         "!!VP2.0\nOPTION NV_position_invariant;\nMOV o[HPOS], v[0];\nEND\n",
         "specifies the position-invariant option will fail to load if it writes to the HPOS", 3,
         7},
        {"position-invariant VP1.1 uses relative addressing",
         "!!VP1.1\nOPTION NV_position_invariant;\nARL A0.x, v[1].x;\nMOV o[COL0], "
         "c[A0.x+1];\nEND\n",
         "position-invariant VP1.1 program [that] matches the grammar rule <relProgParamReg>", 4,
         16},
        {"OPTION in a VP1.0 program",
         "!!VP1.0\nOPTION NV_position_invariant;\nMOV o[COL0], "
         "v[3];\nEND\n",
         "OPTION is available only in !!VP1.1 and !!VP2.0 programs", 2, 1},
        {"unknown option", "!!VP2.0\nOPTION NV_fog;\nMOV o[HPOS], v[0];\nEND\n",
         "unknown option 'NV_fog'", 2, 8},
        {"OPTION after an instruction",
         "!!VP2.0\nMOV o[HPOS], v[0];\nOPTION NV_position_invariant;\nEND\n",
         "OPTION must come before the first instruction", 3, 1},
        {"two program parameters", "!!VP2.0\nADD o[HPOS], c[1], c[2];\nEND\n", kOneParameter, 2,
         20},
        {"two program parameters in MAD", "!!VP1.0\nMAD o[HPOS], c[1], v[0], c[3];\nEND\n",
         kOneParameter, 2, 26},
        {"two relative parameters with different offsets",
         "!!VP2.0\nARL A0, v[1];\nADD o[HPOS], c[A0.x+1], c[A0.x+2];\nEND\n", kOneParameter},
        {"relative parameters through different components",
         "!!VP2.0\nARL A0, v[1];\nADD o[HPOS], c[A0.x], c[A0.y];\nEND\n", kOneParameter},
        {"an absolute and a relative parameter",
         "!!VP2.0\nARL A0, v[1];\nADD o[HPOS], c[1], c[A0.x+1];\nEND\n", kOneParameter},
        {"two vertex attributes", "!!VP2.0\nADD o[HPOS], v[0], v[1];\nEND\n", kOneAttribute, 2, 20},
        {"two vertex attributes by alias", "!!VP2.0\nADD o[HPOS], v[OPOS], v[NRML];\nEND\n",
         kOneAttribute},
        {"undefined label", "!!VP2.0\nMOV o[HPOS], v[0];\nBRA nowhere;\nEND\n",
         "refers to a label that is not defined in the program string", 3, 5},
        {"undefined CAL target", "!!VP2.0\nCAL Main;\nmain:\nMOV o[HPOS], v[0];\nEND\n",
         "undefined label 'Main'"},
        {"duplicate label", "!!VP2.0\nhere:\nMOV o[HPOS], v[0];\nhere:\nEND\n",
         "label 'here' is defined twice", 4, 1},
        {"label in a VP1.1 program", "!!VP1.1\nstart:\nMOV o[HPOS], v[0];\nEND\n",
         "an instruction label is available only in !!VP2.0 programs", 2, 1},
        {"BRA in a VP1.1 program", "!!VP1.1\nMOV o[HPOS], v[0];\nBRA x;\nEND\n",
         "BRA is available only in !!VP2.0 programs", 3, 1},
        {"RET in a VP1.0 program", "!!VP1.0\nMOV o[HPOS], v[0];\nRET;\nEND\n",
         "RET is available only in !!VP2.0 programs"},
        {"SUB in a VP1.0 program", "!!VP1.0\nSUB o[HPOS], v[0], c[0];\nEND\n",
         "SUB is available only in !!VP1.1 and !!VP2.0 programs", 2, 1},
        {"FLR in a VP1.1 program", "!!VP1.1\nFLR o[HPOS], v[0];\nEND\n",
         "FLR is available only in !!VP2.0 programs"},
        {"ADDC in a VP1.1 program", "!!VP1.1\nADDC o[HPOS], v[0], c[0];\nEND\n",
         "ADDC (a condition-code update) is available only in !!VP2.0 programs", 2, 1},
        {"BRAC does not exist", "!!VP2.0\nMOV o[HPOS], v[0];\nx:\nBRAC x;\nEND\n",
         "unknown instruction 'BRAC'", 4, 1},
        {"unknown instruction", "!!VP2.0\nMOV o[HPOS], v[0];\nFOO R0, R1;\nEND\n",
         "unknown instruction 'FOO'", 3, 1},
        {"misspelt instruction", "!!VP2.0\nMOV o[HPOS], v[0];\nMVO R0, R1;\nEND\n",
         "unknown instruction 'MVO'; did you mean 'MOV'?", 3, 1},
        {"lower-case instruction", "!!VP2.0\nmov o[HPOS], v[0];\nEND\n",
         "unknown instruction 'mov'"},
        {"R12 in a VP1 program", "!!VP1.0\nMOV R12, v[0];\nMOV o[HPOS], v[0];\nEND\n",
         "R12 is not a temporary register: !!VP1.0 programs have R0-R11", 2, 5},
        {"R16 in a VP2 program", "!!VP2.0\nMOV R16, v[0];\nMOV o[HPOS], v[0];\nEND\n",
         "programs have R0-R15"},
        {"c[96] in a VP1 program", "!!VP1.0\nMOV o[HPOS], c[96];\nEND\n",
         "a program parameter number must be a decimal integer from 0 to 95", 2, 16},
        {"c[256] in a VP2 program", "!!VP2.0\nMOV o[HPOS], c[256];\nEND\n", "from 0 to 255"},
        {"v[16]", "!!VP2.0\nMOV o[HPOS], v[16];\nEND\n",
         "a vertex attribute number must be a decimal integer from 0 to 15"},
        {"VP1 positive offset 64", "!!VP1.0\nARL A0.x, v[1].x;\nMOV o[HPOS], c[A0.x+64];\nEND\n",
         "a positive offset must be a decimal integer from 0 to 63", 3, 21},
        {"VP1 negative offset 65", "!!VP1.0\nARL A0.x, v[1].x;\nMOV o[HPOS], c[A0.x-65];\nEND\n",
         "a negative offset must be a decimal integer from 0 to 64"},
        {"VP2 positive offset 256", "!!VP2.0\nARL A0, v[1];\nMOV o[HPOS], c[A0.x+256];\nEND\n",
         "from 0 to 255"},
        {"VP2 negative offset 257", "!!VP2.0\nARL A0, v[1];\nMOV o[HPOS], c[A0.x-257];\nEND\n",
         "from 0 to 256"},
        {"A1 in a VP1 program", "!!VP1.0\nARL A1.x, v[1].x;\nMOV o[HPOS], v[0];\nEND\n",
         "address register A1 is available only in !!VP2.0 programs", 2, 5},
        {"A0.y in VP1 relative addressing",
         "!!VP1.0\nARL A0.x, v[1].x;\nMOV o[HPOS], c[A0.y+1];\nEND\n",
         "relative addressing with A0.y, .z or .w is available only in !!VP2.0 programs"},
        {"o[CLP0] in a VP1 program", "!!VP1.1\nMOV o[HPOS], v[0];\nMOV o[CLP0], v[0];\nEND\n",
         "o[CLP0] is available only in !!VP2.0 programs", 3, 7},
        {"unknown result register", "!!VP2.0\nMOV o[POS], v[0];\nEND\n",
         "unknown result register o[POS]"},
        {"unknown attribute name", "!!VP2.0\nMOV o[HPOS], v[POS];\nEND\n",
         "unknown vertex attribute v[POS]"},
        {"writing a vertex attribute", "!!VP2.0\nMOV v[0], c[0];\nMOV o[HPOS], v[0];\nEND\n",
         "vertex attributes v[...] cannot be written", 2, 5},
        {"writing a program parameter", "!!VP2.0\nMOV c[0], v[0];\nMOV o[HPOS], v[0];\nEND\n",
         "program parameters c[...] cannot be written"},
        {"reading a result register", "!!VP2.0\nMOV o[HPOS], v[0];\nMOV R0, o[HPOS];\nEND\n",
         "result registers o[...] are write-only", 3, 9},
        {"writing an address register with MOV", "!!VP2.0\nMOV A0, v[0];\nEND\n",
         "address registers are written only by ARL, ARR and ARA"},
        {"reading an address register as a vector", "!!VP2.0\nMOV o[HPOS], A0;\nEND\n",
         "address registers are read only through relative addressing"},
        {"write mask out of order", "!!VP2.0\nMOV o[HPOS].yx, v[0];\nEND\n", "bad write mask '.yx'",
         2, 13},
        {"write mask with a repeat", "!!VP2.0\nMOV o[HPOS].xx, v[0];\nEND\n",
         "bad write mask '.xx'"},
        {"two-component swizzle", "!!VP2.0\nMOV o[HPOS], v[0].xy;\nEND\n", "bad swizzle '.xy'", 2,
         19},
        {"swizzle letter outside xyzw", "!!VP2.0\nMOV o[HPOS], v[0].rgba;\nEND\n",
         "bad swizzle '.rgba'"},
        {"scalar operand without a component", "!!VP2.0\nRCP o[HPOS], v[0];\nEND\n",
         "a scalar operand needs a component suffix such as .x", 2, 18},
        {"scalar operand with four components", "!!VP2.0\nRSQ o[HPOS], v[0].xyzw;\nEND\n",
         "bad scalar suffix '.xyzw'"},
        {"absolute value in a VP1.1 program", "!!VP1.1\nMOV o[HPOS], |v[0]|;\nEND\n",
         "an absolute-value operand |...| is available only in !!VP2.0 programs", 2, 14},
        {"plus sign in a VP1.0 program", "!!VP1.0\nMOV o[HPOS], +v[0];\nEND\n",
         "a '+' sign on an operand is available only in !!VP2.0 programs", 2, 14},
        {"condition mask in a VP1.1 program", "!!VP1.1\nMOV o[HPOS] (GT), v[0];\nEND\n",
         "a condition-code mask is available only in !!VP2.0 programs", 2, 13},
        {"CC destination in a VP1.0 program",
         "!!VP1.0\nMOV CC, v[0];\nMOV o[HPOS], "
         "v[0];\nEND\n",
         "the CC destination is available only in !!VP2.0 programs"},
        {"unknown condition", "!!VP2.0\nMOV o[HPOS] (XX), v[0];\nEND\n", "unknown condition 'XX'",
         2, 14},
        {"condition mask with a two-letter swizzle", "!!VP2.0\nMOV o[HPOS] (GT.xy), v[0];\nEND\n",
         "bad swizzle '.xy'"},
        {"missing semicolon", "!!VP2.0\nMOV o[HPOS], v[0]\nEND\n",
         "expected ';' at the end of the instruction, found 'END'", 3, 1},
        {"missing comma", "!!VP2.0\nADD o[HPOS], v[0] c[0];\nEND\n",
         "expected ',' before the next operand", 2, 19},
        {"VP1 ARL without .x", "!!VP1.0\nARL A0, v[0].x;\nMOV o[HPOS], v[0];\nEND\n",
         "a VP1 ARL writes A0.x", 2, 7},
        {"VP1 ARL of a vector", "!!VP1.0\nARL A0.x, v[0];\nMOV o[HPOS], v[0];\nEND\n",
         "a scalar operand needs a component suffix"},
        {"ARA with a swizzled operand", "!!VP2.0\nARA A0, A1.xy;\nMOV o[HPOS], v[0];\nEND\n",
         "ARA reads a whole address register: no swizzle", 2, 11},
        {"unexpected character", "!!VP2.0\nMOV o[HPOS], v[0]; @\nEND\n", "unexpected character '@'",
         2, 20},
        {"negation of an absolute value needs the bars closed",
         "!!VP2.0\nMOV o[HPOS], -|v[0];\nEND\n", "expected '|' to close the absolute value", 2, 20},
        {"number where a register belongs", "!!VP2.0\nMOV o[HPOS], 1.0;\nEND\n",
         "expected a source register"},
    };
}

TEST_CASE("programs that break a load rule fail to load, naming the rule", "[vp2][load]") {
    const auto programs = badPrograms();
    REQUIRE(programs.size() >= 40);
    for (const BadProgram& p : programs) {
        INFO("program: " << p.name << "\n" << p.text);
        const auto errors = loadErrors(p.text);
        REQUIRE_FALSE(errors.empty());
        INFO("first diagnostic: " << formatDiagnostic(errors[0]));
        CHECK(errors[0].message.find(p.rule) != std::string::npos);
        CHECK(errors[0].where.file == "bad.vp");
        if (p.line != 0) {
            CHECK(errors[0].where.line == p.line);
            CHECK(errors[0].where.column == p.column);
        }
    }
}

TEST_CASE("every broken instruction of a program is reported at once", "[vp2][load]") {
    const auto errors = loadErrors("!!VP2.0\nMOV R0, v[0], v[1];\nFOO R1;\nADD R2, c[1], "
                                   "c[2];\nBRA missing;\nEND\n");
    REQUIRE(errors.size() == 5);
    CHECK(errors[0].where.line == 2);
    CHECK(errors[1].where.line == 3);
    CHECK(errors[2].where.line == 4);
    CHECK(errors[3].where.line == 5); // the undefined label
    CHECK(errors[4].message.find("never writes o[HPOS]") != std::string::npos);
    // The formatted text quotes the line and puts a caret under the column.
    const std::string text = formatDiagnostic(errors[1]);
    CHECK(text == "bad.vp:3:1: error: unknown instruction 'FOO'\n    FOO R1;\n    ^\n");
}

TEST_CASE("programs at the edge of the rules load", "[vp2][load]") {
    const std::vector<std::string> good = {
        // The same parameter twice (also through relative addressing, +0 being no offset).
        "!!VP2.0\nARL A0, v[1];\nMAD o[HPOS], c[A0.x], v[0], c[A0.x+0];\nEND\n",
        "!!VP1.0\nMAD o[HPOS], c[4].x, v[0], -c[4];\nEND\n",
        // The same attribute twice, once by number and once by alias.
        "!!VP2.0\nADD o[HPOS], v[3], v[COL0];\nEND\n",
        "!!VP1.0\n" + repeated("MOV o[HPOS], v[0];", 128) + "END\n",
        "!!VP2.0\n" + repeated("MOV o[HPOS], v[0];", 256) + "END\n",
        "!!VP2.0\nOPTION NV_position_invariant;\n" + repeated("MOV o[COL0], v[3];", 252) + "END\n",
        // Position-invariant programs need no HPOS write; VP2 ones may address relatively.
        "!!VP2.0\nOPTION NV_position_invariant;\nARL A0, v[1];\nMOV o[COL0], c[A0.y-256];\nEND\n",
        // Labels used before they are defined, on the same line as an instruction, CC masks.
        "!!VP2.0\nBRA later (GT.xyzw);\nlater: MOV o[HPOS] (NE.x), v[0];\nMOVC CC.xy, v[1];\n"
        "RET (TR);\nEND\n",
        // Whitespace and comments anywhere, instructions across lines, CRLF line ends.
        "# a leading comment\r\n!!VP1.1 # header\r\nDP4\r\n  o[HPOS].x ,\r\n c[95] ,v[OPOS] ;\r\n"
        "END # trailing comment",
        "!!VP2.0\nMOV o[HPOS], -|+v[0].w|;\nARR A1.yw, +c[255].xxyy;\nEND",
        // A condition mask on an address register write (section 2.14.2.2).
        "!!VP2.0\nMOVC CC, v[1];\nARL A0.xy (GT.x), v[1];\nMOV o[HPOS], v[0];\nEND\n",
    };
    for (const std::string& text : good) {
        INFO(text);
        const auto errors = loadErrors(text);
        for (const auto& e : errors)
            INFO(formatDiagnostic(e));
        CHECK(errors.empty());
    }
}

TEST_CASE("a missing program file is a clear error", "[vp2][load]") {
    try {
        loadVertexProgramFile("/nonexistent/missing.vp");
        FAIL("loaded a missing file");
    } catch (const ProgramError& e) {
        CHECK(std::string(e.what()).find("/nonexistent/missing.vp: error: cannot open") !=
              std::string::npos);
    }
}

} // namespace
} // namespace slvm::vp2
