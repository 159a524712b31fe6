// The vertex program reader takes Unicode white space, CR LF or CR line ends and a byte-order
// mark as it takes ASCII: the same instructions, the same outputs, columns in characters.
#include "tests/slvm/vp2/vp2_test_support.h"
#include "tests/unicode_text.h"

#include <sstream>
#include <string_view>

namespace slvm::vp2 {
using namespace unicode_text;

namespace {

using testing::checkVector;
using testing::loadErrors;

// A transform, a diffuse term, a condition code and a branch, indented and commented.
const char* kProgram = R"(!!VP2.0
# Transform, then light with N.L when it is positive.
    DP4 o[HPOS].x, c[0], v[OPOS];
    DP4 o[HPOS].y, c[1], v[OPOS];
    DP4 o[HPOS].z, c[2], v[OPOS];
    DP4 o[HPOS].w, c[3], v[OPOS];
    DP3C R0.x, v[NRML], c[4];      # N.L, and its sign
    BRA lit (GT.x);
    MOV o[COL0], -c[5].wzyx;
    RET;
lit: MUL o[COL0], c[6], R0.x;
END
)";

// Everything an instruction means (not where it was written), as one line of text.
std::string meaning(const Instruction& in) {
    return testing::describe(in, false);
}

struct Run {
    std::array<Vector4, kResultCount> results;
    std::array<Vector4, kMaxTemporaries> temporaries;
    ExecutionResult result;
};

Run runOnce(const VerifiedProgram& program) {
    // c[0..3] the identity, c[4] the light (0 0 2 0), c[5] and c[6] colours.
    const std::vector<Vector4> parameters = {{1, 0, 0, 0},          {0, 1, 0, 0},
                                             {0, 0, 1, 0},          {0, 0, 0, 1},
                                             {0, 0, 2, 0},          {0.1f, 0.2f, 0.3f, 0.4f},
                                             {0.25f, 0.5f, 1, 0.5f}};
    VertexMachine machine(program, parameters);
    std::array<Vector4, kAttributeCount> v;
    v.fill({0, 0, 0, 1});
    v[0] = {1, 2, 3, 1}; // OPOS
    v[2] = {0, 0, 1, 0}; // NRML
    Run run{};
    run.result = machine.run(v);
    for (int i = 0; i < kResultCount; ++i)
        run.results[static_cast<std::size_t>(i)] = machine.result(static_cast<Result>(i));
    for (int i = 0; i < kMaxTemporaries; ++i)
        run.temporaries[static_cast<std::size_t>(i)] = machine.temporary(i);
    return run;
}

} // namespace

TEST_CASE("NBSP-separated CR LF text with a BOM loads to the ASCII text's instructions",
          "[vp2][load][unicode]") {
    const VerifiedProgram plain = loadVertexProgram(kProgram, "light.vp");
    REQUIRE(plain.instructions().size() == 9);
    const Run expected = runOnce(plain);
    // By hand: HPOS is v[OPOS] through the identity; N.L = (0 0 1).(0 0 2) = 2 > 0, so the
    // branch is taken and COL0 = c[6] * 2.
    CHECK(expected.result.status == ExecutionStatus::Ok);
    checkVector(expected.results[static_cast<std::size_t>(Result::HPOS)], {1, 2, 3, 1});
    checkVector(expected.results[static_cast<std::size_t>(Result::COL0)], {0.5f, 1, 2, 1});

    struct Variant {
        const char* name;
        std::string text;
    };
    const std::vector<Variant> variants = {
        {"NBSP, CR LF", pasted(kProgram, {kNbsp}, "\r\n")},
        {"NBSP, lone CR", pasted(kProgram, {kNbsp}, "\r")},
        {"every listed space in turn, CR LF", pasted(kProgram, kAllSpaces, "\r\n")},
        {"U+3000, LF", pasted(kProgram, {kIdeo}, "\n")},
    };
    for (const Variant& v : variants) {
        INFO("variant: " << v.name << "\ntext:\n" << v.text);
        const auto errors = loadErrors(v.text);
        for (const Diagnostic& d : errors)
            INFO(formatDiagnostic(d));
        REQUIRE(errors.empty());
        const VerifiedProgram program = loadVertexProgram(v.text, "light.vp");
        CHECK(program.version() == Version::VP2_0);
        REQUIRE(program.instructions().size() == plain.instructions().size());
        for (std::size_t i = 0; i < plain.instructions().size(); ++i) {
            const Instruction& a = program.instructions()[i];
            const Instruction& b = plain.instructions()[i];
            INFO("instruction " << i);
            CHECK(meaning(a) == meaning(b));
            // One character per space and per line end: lines and columns agree (the header on
            // line 1, after the BOM, is not an instruction).
            CHECK(a.where.line == b.where.line);
            CHECK(a.where.column == b.where.column);
        }
        const Run run = runOnce(program);
        CHECK(run.result.status == expected.result.status);
        CHECK(run.result.executed == expected.result.executed);
        for (std::size_t r = 0; r < run.results.size(); ++r) {
            INFO("o[" << resultName(static_cast<int>(r)) << "]");
            checkVector(run.results[r], expected.results[r]);
        }
        for (std::size_t t = 0; t < run.temporaries.size(); ++t) {
            INFO("R" << t);
            checkVector(run.temporaries[t], expected.temporaries[t]);
        }
    }
}

TEST_CASE("a load rule after NBSPs is reported in characters", "[vp2][load][unicode]") {
    // " ADD o[HPOS], c[1], c[2];" with NBSPs: NBSP 1, ADD 2-4, NBSP 5, o 6, [ 7, HPOS 8-11, ] 12,
    // ',' 13, NBSP 14, c 15, [ 16, 1 17, ] 18, ',' 19, NBSP 20, c 21: the second parameter is at
    // column 21 (bytes would say 25).
    const std::string text = pasted("!!VP2.0\n ADD o[HPOS], c[1], c[2];\nEND\n", {kNbsp}, "\r\n");
    INFO(text);
    const auto errors = loadErrors(text);
    REQUIRE(errors.size() == 1);
    INFO(formatDiagnostic(errors[0]));
    CHECK(errors[0].where.file == "bad.vp");
    CHECK(errors[0].where.line == 2);
    CHECK(errors[0].where.column == 21);
    CHECK_THAT(errors[0].message,
               Catch::Contains("sources more than one unique program parameter"));
    CHECK(errors[0].sourceLine ==
          kNbsp + "ADD" + kNbsp + "o[HPOS]," + kNbsp + "c[1]," + kNbsp + "c[2];");
}

TEST_CASE("a syntax error after wide spaces and the BOM is reported in characters",
          "[vp2][load][unicode]") {
    // "MOV o[HPOS], v[0]; @" with U+3000: M 1-3, sp 4, o[HPOS], 5-12, sp 13, v[0]; 14-18, sp 19,
    // '@' 20.
    const auto stray = loadErrors(pasted("!!VP2.0\nMOV o[HPOS], v[0]; @\nEND\n", {kIdeo}, "\n"));
    REQUIRE_FALSE(stray.empty());
    INFO(formatDiagnostic(stray[0]));
    CHECK(stray[0].where.line == 2);
    CHECK(stray[0].where.column == 20);
    CHECK_THAT(stray[0].message, Catch::Contains("unexpected character '@'"));
    // The header itself, after the BOM: "!!VP3.0" starts in column 2.
    const auto header = loadErrors(kBom + "!!VP3.0\nMOV o[HPOS], v[0];\nEND\n");
    REQUIRE_FALSE(header.empty());
    CHECK(header[0].where.line == 1);
    CHECK(header[0].where.column == 2);
    // U+200B is not white space: it is a stray character, named by its code point.
    const auto zwsp = loadErrors("!!VP2.0\nMOV o[HPOS],\xE2\x80\x8Bv[0];\nEND\n");
    REQUIRE_FALSE(zwsp.empty());
    INFO(formatDiagnostic(zwsp[0]));
    CHECK(zwsp[0].where.line == 2);
    CHECK(zwsp[0].where.column == 13);
    CHECK_THAT(zwsp[0].message, Catch::Contains("unexpected character U+200B"));
}

} // namespace slvm::vp2
