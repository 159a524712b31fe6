// Every VP1/VP1.1/VP2 instruction on hand-computed inputs, including the spec's special cases,
// and the C-suffixed variants' condition-code updates.
#include "tests/slvm/vp2/vp2_test_support.h"

#include <cfloat>
#include <fmt/format.h>

namespace slvm::vp2 {
namespace {

using testing::checkVector;
using testing::kInf;
using testing::kNaN;
using testing::runProgram;
using testing::vp2Body;

struct Case {
    const char* name;
    const char* body; // writes R0; c[0], c[1], c[2] hold the parameters
    std::vector<Vector4> parameters;
    Vector4 expected;
    float tolerance = 0;
};

// Values worked out by hand from the spec's pseudo-code (section 2.14.3).
const std::vector<Case> kCases = {
    {"ABS", "ABS R0, c[0];", {{-1.5f, 2, -0.0f, -kInf}}, {1.5f, 2, 0.0f, kInf}},
    {"ABS of NaN", "ABS R0, c[0];", {{kNaN, -3, 3, -0.5f}}, {kNaN, 3, 3, 0.5f}},
    {"ADD with infinities and signed zeros",
     "MOV R1, c[0];\nADD R0, R1, c[1];",
     {{1, 2, kInf, -0.0f}, {0.5f, -2, -kInf, -0.0f}},
     {1.5f, 0, kNaN, -0.0f}},
    {"SUB",
     "MOV R1, c[0];\nSUB R0, R1, c[1];",
     {{1, 2, kInf, -0.0f}, {0.5f, -2, -kInf, -0.0f}},
     {0.5f, 4, kInf, 0.0f}},
    {"SUB of a negated operand is ADD",
     "MOV R1, c[0];\nSUB R0, R1, -c[1];",
     {{1, 2, 3, 4}, {0.5f, -2, 1, 1}},
     {1.5f, 0, 4, 5}},
    {"MUL special cases",
     "MOV R1, c[0];\nMUL R0, R1, c[1];",
     {{2, -0.0f, kInf, 3}, {3, 5, 0, -1}},
     {6, -0.0f, kNaN, -3}},
    {"MAD",
     "MOV R1, c[0];\nMOV R2, c[1];\nMAD R0, R1, R2, c[2];",
     {{1, 2, 3, 4}, {5, 6, 7, 8}, {0.5f, -1, 0, 1}},
     {5.5f, 11, 21, 33}},
    {"DP3", "MOV R1, c[0];\nDP3 R0, R1, c[1];", {{1, 2, 3, 4}, {5, 6, 7, 8}}, {38, 38, 38, 38}},
    {"DP4", "MOV R1, c[0];\nDP4 R0, R1, c[1];", {{1, 2, 3, 4}, {5, 6, 7, 8}}, {70, 70, 70, 70}},
    {"DPH takes the first operand's w as 1",
     "MOV R1, c[0];\nDPH R0, R1, c[1];",
     {{1, 2, 3, 4}, {5, 6, 7, 8}},
     {46, 46, 46, 46}},
    {"DST",
     "MOV R1, c[0];\nDST R0, R1, c[1];",
     {{9, 4, 16, 9}, {9, 0.5f, 9, 0.25f}},
     {1, 2, 16, 0.25f}},
    {"EX2",
     "EX2 R0.x, c[0].x;\nEX2 R0.y, c[0].y;\nEX2 R0.z, c[0].z;\nEX2 R0.w, c[0].w;",
     {{3, -kInf, 0, kInf}},
     {8, 0, 1, kInf}},
    {"EX2 of -0 and of NaN",
     "EX2 R0.x, c[0].x;\nEX2 R0.y, c[0].y;",
     {{-0.0f, kNaN, 0, 0}},
     {1, kNaN, 0, 0}},
    {"EXP", "EXP R0, c[0].x;", {{2.5f, 0, 0, 0}}, {4, 0.5f, 5.656854f, 1}, 4.0f / 2048},
    {"EXP of a negative",
     "EXP R0, -c[0].x;",
     {{1.25f, 0, 0, 0}},
     {0.25f, 0.75f, 0.4204482f, 1},
     0.25f / 2048},
    {"LG2",
     "LG2 R0.x, c[0].x;\nLG2 R0.y, c[0].y;\nLG2 R0.z, c[0].z;\nLG2 R0.w, c[0].w;",
     {{8, 0, -1, kInf}},
     {3, -kInf, kNaN, kInf}},
    {"LG2 of -0 and -INF",
     "LG2 R0.x, c[0].x;\nLG2 R0.y, c[0].y;",
     {{-0.0f, -kInf, 0, 0}},
     {-kInf, kNaN, 0, 0}},
    {"LOG takes the absolute value",
     "LOG R0, c[0].x;",
     {{-10, 0, 0, 0}},
     {3, 1.25f, 3.321928f, 1},
     1.0f / 2048},
    {"LOG of 2^24-1 keeps y in [1,2)",
     "LOG R0, c[0].x;",
     {{16777215.0f, 0, 0, 0}},
     {23, 16777215.0f / 8388608.0f, 24, 1},
     1.0f / 2048},
    {"LOG of 0", "LOG R0, c[0].x;", {{0, 0, 0, 0}}, {-kInf, kNaN, -kInf, 1}},
    {"FLR", "FLR R0, c[0];", {{2.3f, -3.6f, -0.0f, -kInf}}, {2, -4, -0.0f, -kInf}},
    {"FRC", "FRC R0, c[0];", {{2.25f, -1.75f, -0.0f, kInf}}, {0.25f, 0.25f, 0.0f, kNaN}},
    {"FRC of -1.7 is 0.3",
     "FRC R0, c[0];",
     {{-1.7f, kNaN, -kInf, 3}},
     {-1.7f - std::floor(-1.7f), kNaN, kNaN, 0}},
    {"LIT", "LIT R0, c[0];", {{0.5f, 0.25f, 7, 2}}, {1, 0.5f, 0.0625f, 1}, 1e-4f},
    {"LIT with the light behind", "LIT R0, c[0];", {{-0.5f, 0.9f, 7, 2}}, {1, 0, 0, 1}},
    {"LIT clamps the specular dot", "LIT R0, c[0];", {{0.5f, -0.5f, 7, 2}}, {1, 0.5f, 0, 1}},
    {"LIT clamps the exponent below 128",
     "LIT R0, c[0];",
     {{1, 1.01f, 0, 200}},
     {1, 1, 3.5738458f, 1},
     3.6f / 2048},
    {"LIT power 0^0 is 1", "LIT R0, c[0];", {{0.5f, 0, 0, 0}}, {1, 0.5f, 1, 1}},
    {"LIT power 1^x is 1", "LIT R0, c[0];", {{0.5f, 1, 0, -100}}, {1, 0.5f, 1, 1}},
    {"MAX",
     "MOV R1, c[0];\nMAX R0, R1, c[1];",
     {{1, kNaN, -2, 3}, {2, 0, -3, 3}},
     {2, kNaN, -2, 3}},
    {"MIN",
     "MOV R1, c[0];\nMIN R0, R1, c[1];",
     {{1, 0, -2, 3}, {2, kNaN, -3, 3}},
     {1, kNaN, -3, 3}},
    {"MAX of signed zeros commutes, giving +0",
     "MOV R1, c[0];\nMAX R0, R1, c[1];",
     {{0.0f, -0.0f, 0.0f, -0.0f}, {-0.0f, 0.0f, 0.0f, -0.0f}},
     {0.0f, 0.0f, 0.0f, -0.0f}},
    {"MIN of signed zeros commutes, giving -0",
     "MOV R1, c[0];\nMIN R0, R1, c[1];",
     {{0.0f, -0.0f, 0.0f, -0.0f}, {-0.0f, 0.0f, 0.0f, -0.0f}},
     {-0.0f, -0.0f, 0.0f, -0.0f}},
    {"the VP1.0 ABS idiom MAX x, -x",
     "MAX R0, c[0], -c[0];",
     {{0.0f, -0.0f, 3, -2}},
     {0.0f, 0.0f, 3, 2}},
    {"MOV with the spec's swizzle .yzzx", "MOV R0, c[0].yzzx;", {{2, 8, 9, 0}}, {8, 9, 9, 2}},
    {"MOV with a one-component swizzle", "MOV R0, c[0].z;", {{2, 8, 9, 0}}, {9, 9, 9, 9}},
    {"RCP",
     "RCP R0.x, c[0].x;\nRCP R0.y, c[0].y;\nRCP R0.z, c[0].z;\nRCP R0.w, c[0].w;",
     {{2, 0, -0.0f, kInf}},
     {0.5f, kInf, -kInf, 0}},
    {"RCP of -INF and NaN",
     "RCP R0.x, c[0].x;\nRCP R0.y, c[0].y;",
     {{-kInf, kNaN, 0, 0}},
     {-0.0f, kNaN, 0, 0}},
    {"RCC clamps",
     "RCC R0.x, c[0].x;\nRCC R0.y, c[0].y;\nRCC R0.z, c[0].z;\nRCC R0.w, c[0].w;",
     {{0, -0.0f, kInf, -kInf}},
     {0x1p64f, -0x1p64f, 0x1p-64f, -0x1p-64f}},
    {"RCC of ordinary and tiny values",
     "RCC R0.x, c[0].x;\nRCC R0.y, c[0].y;\nRCC R0.z, "
     "c[0].z;\nRCC R0.w, c[0].w;",
     {{4, 1e-30f, -1e30f, kNaN}},
     {0.25f, 0x1p64f, -0x1p-64f, kNaN}},
    {"RSQ",
     "RSQ R0.x, c[0].x;\nRSQ R0.y, c[0].y;\nRSQ R0.z, c[0].z;\nRSQ R0.w, c[0].w;",
     {{4, -4, 0, -0.0f}},
     {0.5f, kNaN, kInf, -kInf}},
    {"RSQ of infinities",
     "RSQ R0.x, c[0].x;\nRSQ R0.y, c[0].y;",
     {{kInf, -kInf, 0, 0}},
     {0, kNaN, 0, 0}},
    {"SEQ",
     "MOV R1, c[0];\nSEQ R0, R1, c[1];",
     {{1, kNaN, -0.0f, 2}, {1, 1, 0, 3}},
     {1, kNaN, 1, 0}},
    {"SNE",
     "MOV R1, c[0];\nSNE R0, R1, c[1];",
     {{1, kNaN, -0.0f, 2}, {1, 1, 0, 3}},
     {0, kNaN, 0, 1}},
    {"SGE",
     "MOV R1, c[0];\nSGE R0, R1, c[1];",
     {{1, kNaN, -0.0f, 2}, {1, 1, 0, 3}},
     {1, kNaN, 1, 0}},
    {"SGT",
     "MOV R1, c[0];\nSGT R0, R1, c[1];",
     {{1, kNaN, -0.0f, 4}, {1, 1, 0, 3}},
     {0, kNaN, 0, 1}},
    {"SLE",
     "MOV R1, c[0];\nSLE R0, R1, c[1];",
     {{1, kNaN, -0.0f, 2}, {1, 1, 0, 3}},
     {1, kNaN, 1, 1}},
    {"SLT",
     "MOV R1, c[0];\nSLT R0, R1, c[1];",
     {{1, kNaN, -0.0f, 2}, {1, 1, 0, 3}},
     {0, kNaN, 0, 1}},
    {"SLT of infinities",
     "MOV R1, c[0];\nSLT R0, R1, c[1];",
     {{-kInf, kInf, kInf, 0}, {kInf, kInf, -kInf, 0}},
     {1, 0, 0, 0}},
    {"SFL", "SFL R0, c[0], c[0];", {{kNaN, 1, 2, 3}}, {0, 0, 0, 0}},
    {"STR", "STR R0, c[0], c[0];", {{kNaN, 1, 2, 3}}, {1, 1, 1, 1}},
    {"SIN",
     "SIN R0.x, c[0].x;\nSIN R0.y, c[0].y;\nSIN R0.z, c[0].z;\nSIN R0.w, c[0].w;",
     {{0, -0.0f, 1.5707964f, kInf}},
     {0, -0.0f, 1, kNaN},
     1.0f / (1 << 22)},
    {"COS",
     "COS R0.x, c[0].x;\nCOS R0.y, c[0].y;\nCOS R0.z, c[0].z;\nCOS R0.w, c[0].w;",
     {{0, -0.0f, 3.14159265f, -kInf}},
     {1, 1, -1, kNaN},
     1.0f / (1 << 22)},
    {"SSG", "SSG R0, c[0];", {{-0.0f, 3, -kInf, kNaN}}, {0, 1, -1, kNaN}},
    {"SSG of small values", "SSG R0, c[0];", {{1e-30f, -1e-30f, kInf, 0}}, {1, -1, 1, 0}},
    {"negated and absolute operands",
     "MOV R1, -c[0];\nMOV R2, |c[0]|;\nMOV R3, -|c[0]|;\nMOV "
     "R4, |-c[0]|;\nADD R0, R1, R2;\nADD R0, R0, R3;\nADD R0, "
     "R0, R4;",
     {{-1, 2, -3, 4}},
     {2, 0, 6, 0}},
    {"-|x| of a single component", "MOV R0, -|c[0].y|;", {{1, -7, 0, 0}}, {-7, -7, -7, -7}},
    {"write mask", "MOV R0, c[1];\nMOV R0.xz, c[0];", {{1, 2, 3, 4}, {9, 9, 9, 9}}, {1, 9, 3, 9}},
    {"a denormal result is flushed to zero",
     "MOV R1, c[0];\nMUL R0, R1, c[1];",
     {{1e-20f, -1e-20f, 1e-19f, 2}, {1e-20f, 1e-20f, 1, 3}},
     {0, -0.0f, 1e-19f, 6}},
    {"a denormal parameter reads as zero",
     "MOV R0, c[0];",
     {{1e-40f, -1e-40f, FLT_MIN, 1}},
     {0, -0.0f, FLT_MIN, 1}},
};

TEST_CASE("each VP2 instruction computes the spec's result", "[vp2][vm]") {
    for (const Case& c : kCases) {
        INFO("case: " << c.name << "\n" << vp2Body(c.body));
        const auto o = runProgram(vp2Body(c.body), c.parameters);
        REQUIRE(o.status == ExecutionStatus::Ok);
        checkVector(o.r(0), c.expected, c.tolerance);
    }
}

TEST_CASE("VP1 programs run the VP1 instruction set", "[vp2][vm]") {
    const auto o = runProgram("!!VP1.0\n"
                              "MOV R1, c[0];\n"
                              "DP4 o[HPOS].x, R1, v[0];\n"
                              "MAD R2, R1, c[0].w, -v[0];\n"
                              "RCP R3.x, c[0].y;\n"
                              "SGE R4, R1, c[0].y;\n"
                              "EXP R5, c[0].w;\n"
                              "END\n",
                              {{1, 2, 3, 4}}, {{0.5f, 0.5f, 0.5f, 1}});
    REQUIRE(o.status == ExecutionStatus::Ok);
    CHECK(o.out(Result::HPOS)[0] == 1 * 0.5f + 2 * 0.5f + 3 * 0.5f + 4 * 1);
    checkVector(o.r(2), {4 - 0.5f, 8 - 0.5f, 12 - 0.5f, 16 - 1});
    CHECK(o.r(3)[0] == 0.5f);
    checkVector(o.r(4), {0, 1, 1, 1});
    checkVector(o.r(5), {16, 0, 16, 1});
}

TEST_CASE("VP1.1 adds ABS, DPH, RCC and SUB", "[vp2][vm]") {
    const auto o = runProgram("!!VP1.1\n"
                              "ABS R0, -c[0];\n"
                              "DPH R1, R0, c[0];\n"
                              "RCC R2, c[0].x;\n"
                              "SUB R3, R0, c[0];\n"
                              "MOV o[HPOS], R0;\n"
                              "END\n",
                              {{1, 2, 3, 4}});
    checkVector(o.r(0), {1, 2, 3, 4});
    checkVector(o.r(1), {1 + 4 + 9 + 4, 18, 18, 18});
    checkVector(o.r(2), {1, 1, 1, 1});
    checkVector(o.r(3), {0, 0, 0, 0});
}

TEST_CASE("registers start at the spec's initial values for every invocation", "[vp2][vm]") {
    const VerifiedProgram program = loadVertexProgram("!!VP2.0\n"
                                                      "MOVC R0.x, v[0].x;\n"
                                                      "ARL A1, v[0];\n"
                                                      "MOV o[TEX3].y, v[0].x;\n"
                                                      "MOV o[HPOS], R0;\n"
                                                      "END\n",
                                                      "init.vp");
    VertexMachine machine(program, {});
    std::array<Vector4, kAttributeCount> v;
    v.fill({0, 0, 0, 1});
    v[0] = {-3, -3, -3, -3};
    machine.run(v);
    CHECK(machine.condition(0) == Condition::LT);
    CHECK(machine.address(1)[2] == -3);
    v[0] = {5, 5, 5, 5};
    machine.run(v);
    // Nothing of the first run survives: untouched components hold their initial values.
    checkVector(machine.temporary(0), {5, 0, 0, 0});
    checkVector(machine.result(Result::TEX3), {0, 5, 0, 1});
    checkVector(machine.result(Result::COL0), {0, 0, 0, 1});
    CHECK(machine.condition(0) == Condition::GT);
    CHECK(machine.condition(1) == Condition::EQ);
    CHECK(machine.address(1) == std::array<int, 4>{5, 5, 5, 5});
    CHECK(machine.address(0) == std::array<int, 4>{0, 0, 0, 0});
}

TEST_CASE("ARL floors, ARR rounds half to even, both clamp to 10 bits", "[vp2][vm]") {
    const auto o = runProgram(vp2Body("ARL A0, c[0];\nARR A1, c[1];"),
                              {{1.5f, -1.5f, 600, -600}, {2.5f, 3.5f, -2.5f, 0.49f}});
    CHECK(o.address[0] == std::array<int, 4>{1, -2, 511, -512});
    CHECK(o.address[1] == std::array<int, 4>{2, 4, -2, 0});
}

TEST_CASE("ARL of NaN and infinities", "[vp2][vm]") {
    const auto o = runProgram(vp2Body("ARL A0, c[0];"), {{kNaN, kInf, -kInf, -0.0f}});
    CHECK(o.address[0] == std::array<int, 4>{0, 511, -512, 0});
}

TEST_CASE("VP1 ARL loads one floored scalar into A0.x", "[vp2][vm]") {
    const auto o = runProgram("!!VP1.0\nARL A0.x, c[0].y;\nMOV o[HPOS], c[A0.x+1];\nEND\n",
                              {{0, 2.7f, 0, 0}, {}, {}, {7, 8, 9, 10}});
    CHECK(o.address[0] == std::array<int, 4>{2, 0, 0, 0});
    checkVector(o.out(Result::HPOS), {7, 8, 9, 10});
}

TEST_CASE("ARA adds x+z and y+w with clamping, under its write mask", "[vp2][vm]") {
    const auto o = runProgram(vp2Body("ARL A1, c[0];\nARA A0, A1;\nARL A1, c[1];\nARAC A1.xy, "
                                      "A1;"),
                              {{1, 2, 3, 4}, {500, -500, 100, -100}});
    CHECK(o.address[0] == std::array<int, 4>{4, 6, 4, 6});
    CHECK(o.address[1] == std::array<int, 4>{511, -512, 100, -100});
    CHECK(o.condition[0] == Condition::GT);
    CHECK(o.condition[1] == Condition::LT);
    CHECK(o.condition[2] == Condition::EQ); // not written: unchanged
}

TEST_CASE("ARLC and ARRC set the condition code from the integer result", "[vp2][vm]") {
    const auto o = runProgram(vp2Body("ARLC A0, c[0];"), {{-0.5f, 0.5f, 3, kNaN}});
    CHECK(o.address[0] == std::array<int, 4>{-1, 0, 3, 0});
    CHECK(o.condition == std::array{Condition::LT, Condition::EQ, Condition::GT, Condition::EQ});
    const auto r = runProgram(vp2Body("ARRC A1.xzw, c[0];"), {{-0.5f, 0.5f, -0.6f, 1.5f}});
    CHECK(r.address[1] == std::array<int, 4>{0, 0, -1, 2}); // -0.5 and 0.5 round to even 0
    CHECK(r.condition == std::array{Condition::EQ, Condition::EQ, Condition::LT, Condition::GT});
}

TEST_CASE("C variants set the condition code from each written component", "[vp2][vm][cc]") {
    struct Variant {
        const char* body;
        std::vector<Vector4> parameters;
        std::array<Condition, 4> expected;
    };
    using enum Condition;
    const std::vector<Variant> variants = {
        {"ABSC R0, c[0];", {{-1, 0, kNaN, -0.0f}}, {GT, EQ, UN, EQ}},
        {"ADDC R0, c[0], c[0];", {{-1, 0, 1, kNaN}}, {LT, EQ, GT, UN}},
        {"SUBC R0, c[0], c[0];", {{-1, kInf, 1, kNaN}}, {EQ, UN, EQ, UN}},
        {"MULC R0, c[0], c[0];", {{-1, 0, 1e-30f, kNaN}}, {GT, EQ, EQ, UN}},
        {"MADC R0, c[0], c[0], -c[0];", {{2, 0.5f, 1, 0}}, {GT, LT, EQ, EQ}},
        {"DP3C R0, c[0], c[0];", {{1, 0, 0, 0}}, {GT, GT, GT, GT}},
        {"DP4C R0, c[0], -c[0];", {{1, 0, 0, 0}}, {LT, LT, LT, LT}},
        {"DPHC R0, c[0], c[0];", {{0, 0, 0, 0}}, {EQ, EQ, EQ, EQ}},
        {"DSTC R0, c[0], c[0];", {{5, -1, 0, kNaN}}, {GT, GT, EQ, UN}},
        {"EX2C R0, c[0].x;", {{-kInf, 0, 0, 0}}, {EQ, EQ, EQ, EQ}},
        {"EXPC R0, c[0].x;", {{-1, 0, 0, 0}}, {GT, EQ, GT, GT}},
        {"FLRC R0, c[0];", {{-0.5f, 0.5f, 1.5f, kNaN}}, {LT, EQ, GT, UN}},
        {"FRCC R0, c[0];", {{-0.5f, 1, kInf, 2.25f}}, {GT, EQ, UN, GT}},
        {"LG2C R0, c[0].x;", {{0.5f, 0, 0, 0}}, {LT, LT, LT, LT}},
        {"LITC R0, c[0];", {{0, 0, 0, 0}}, {GT, EQ, EQ, GT}},
        {"LOGC R0, c[0].x;", {{0.5f, 0, 0, 0}}, {LT, GT, LT, GT}},
        {"MAXC R0, c[0], -c[0];", {{-1, 0, 1, kNaN}}, {GT, EQ, GT, UN}},
        {"MINC R0, c[0], -c[0];", {{-1, 0, 1, kNaN}}, {LT, EQ, LT, UN}},
        {"MOVC R0, c[0];", {{-2, 0, 2, kNaN}}, {LT, EQ, GT, UN}},
        {"RCCC R0, c[0].x;", {{-0.0f, 0, 0, 0}}, {LT, LT, LT, LT}},
        {"RCPC R0, c[0].x;", {{kInf, 0, 0, 0}}, {EQ, EQ, EQ, EQ}},
        {"RSQC R0, c[0].x;", {{-1, 0, 0, 0}}, {UN, UN, UN, UN}},
        {"SEQC R0, c[0], c[0].x;", {{1, 2, 1, kNaN}}, {GT, EQ, GT, UN}},
        {"SFLC R0, c[0], c[0];", {{1, 2, 3, 4}}, {EQ, EQ, EQ, EQ}},
        {"SGEC R0, c[0], c[0].y;", {{1, 2, 3, 0}}, {EQ, GT, GT, EQ}},
        {"SGTC R0, c[0], c[0].y;", {{1, 2, 3, 0}}, {EQ, EQ, GT, EQ}},
        {"SLEC R0, c[0], c[0].y;", {{1, 2, 3, 0}}, {GT, GT, EQ, GT}},
        {"SLTC R0, c[0], c[0].y;", {{1, 2, 3, 0}}, {GT, EQ, EQ, GT}},
        {"SNEC R0, c[0], c[0].y;", {{1, 2, 3, 0}}, {GT, EQ, GT, GT}},
        {"STRC R0, c[0], c[0];", {{1, 2, 3, 4}}, {GT, GT, GT, GT}},
        {"SINC R0, c[0].x;", {{-1, 0, 0, 0}}, {LT, LT, LT, LT}},
        {"COSC R0, c[0].x;", {{3.14159265f, 0, 0, 0}}, {LT, LT, LT, LT}},
        {"SSGC R0, c[0];", {{-5, -0.0f, 5, kNaN}}, {LT, EQ, GT, UN}},
    };
    for (const Variant& v : variants) {
        INFO(v.body);
        const auto o = runProgram(vp2Body(v.body), v.parameters);
        CHECK(o.condition == v.expected);
    }
}

TEST_CASE("the spec's masked-write example", "[vp2][vm][cc]") {
    // R1 = (-2, 0, 2, NaN), here c[0]; the spec lists R0 and CC after each line.
    const auto o = runProgram(vp2Body("MOVC R0, c[0];\n"
                                      "MOV R4, R0;\n"
                                      "MOVC R0.xyz, c[0].yzwx;\n"
                                      "MOV R5, R0;\n"
                                      "MOVC R0 (NE), c[0].zywx;"),
                              {{-2, 0, 2, kNaN}});
    using enum Condition;
    checkVector(o.r(4), {-2, 0, 2, kNaN});
    checkVector(o.r(5), {0, 2, kNaN, kNaN});
    checkVector(o.r(0), {0, 0, kNaN, -2});
    CHECK(o.condition == std::array{EQ, EQ, UN, LT});
}

TEST_CASE("condition masks on writes in every rule, with swizzles", "[vp2][vm][cc]") {
    struct Mask {
        const char* mask;
        Vector4 written; // 1 where the write happened
    };
    // CC = (LT, EQ, GT, UN) from c[0] = (-2, 0, 2, NaN).
    const std::vector<Mask> masks = {
        {"(EQ)", {0, 1, 0, 0}},      {"(NE)", {1, 0, 1, 1}},      {"(LT)", {1, 0, 0, 0}},
        {"(GE)", {0, 1, 1, 0}},      {"(LE)", {1, 1, 0, 0}},      {"(GT)", {0, 0, 1, 0}},
        {"(TR)", {1, 1, 1, 1}},      {"(FL)", {0, 0, 0, 0}},      {"(LT.wzyx)", {0, 0, 0, 1}},
        {"(GT.z)", {1, 1, 1, 1}},    {"(EQ.xxxx)", {0, 0, 0, 0}}, {"(NE.zyxw)", {1, 0, 1, 1}},
        {"(GE.yyzz)", {1, 1, 1, 1}}, {"(LE.w)", {0, 0, 0, 0}},    {"(TR.x)", {1, 1, 1, 1}},
    };
    for (const Mask& m : masks) {
        INFO("MOV R0 " << m.mask);
        const auto o = runProgram(vp2Body(fmt::format("MOVC CC, c[0];\nMOV R0 {}, c[1];", m.mask)),
                                  {{-2, 0, 2, kNaN}, {1, 1, 1, 1}});
        checkVector(o.r(0), m.written);
        // A CC-destination MOVC changed only the condition code.
        CHECK(o.condition ==
              std::array{Condition::LT, Condition::EQ, Condition::GT, Condition::UN});
    }
}

TEST_CASE("a write mask and a condition mask together, with a CC update", "[vp2][vm][cc]") {
    const auto o = runProgram(vp2Body("MOVC CC, c[0];\nMOVC R0.xyw (GE), c[1];"),
                              {{-2, 0, 2, 3}, {5, -5, 5, 0}});
    checkVector(o.r(0), {0, -5, 0, 0});
    // x failed the mask, z was not in the write mask, y and w were written.
    CHECK(o.condition == std::array{Condition::LT, Condition::LT, Condition::GT, Condition::EQ});
}

TEST_CASE("conditional branches in every condition, with swizzles", "[vp2][vm][branch]") {
    struct BranchCase {
        const char* condition;
        bool taken;
    };
    // CC = (LT, EQ, GT, UN); a branch is taken when any swizzled component passes.
    const std::vector<BranchCase> cases = {
        {"", true},           {"(EQ)", true},       {"(NE)", true},       {"(LT)", true},
        {"(GE)", true},       {"(LE)", true},       {"(GT)", true},       {"(TR)", true},
        {"(FL)", false},      {"(EQ.x)", false},    {"(EQ.y)", true},     {"(NE.y)", false},
        {"(NE.w)", true},     {"(LT.yzww)", false}, {"(GE.xxxw)", false}, {"(LE.wwwx)", true},
        {"(GT.xyww)", false}, {"(GT.wwwz)", true},  {"(LT.wyzw)", false}, {"(TR.w)", true},
    };
    for (const BranchCase& c : cases) {
        INFO("BRA skip " << c.condition);
        const auto o = runProgram(
            vp2Body(fmt::format("MOVC CC, c[0];\nBRA skip {};\nMOV R0, c[1];\nskip:", c.condition)),
            {{-2, 0, 2, kNaN}, {1, 1, 1, 1}});
        CHECK(o.r(0)[0] == (c.taken ? 0.0f : 1.0f));
        CHECK(o.executed == (c.taken ? 3u : 4u)); // MOVC, BRA, (MOV), MOV o[HPOS]
    }
}

TEST_CASE("the spec's branch example", "[vp2][vm][branch]") {
    const auto o = runProgram(vp2Body("MOVC CC, c[0];\n"
                                      "BRA label1 (LT.xyzw);\n"
                                      "MOV R0, c[1]; # not executed\n"
                                      "label1:\n"
                                      "BRA label2 (LT.wyzw);\n"
                                      "MOV R2, c[2]; # executed\n"
                                      "label2:"),
                              {{-2, 0, 2, kNaN}, {1, 1, 1, 1}, {2, 2, 2, 2}});
    checkVector(o.r(0), {0, 0, 0, 0});
    checkVector(o.r(2), {2, 2, 2, 2});
}

TEST_CASE("CAL nests four deep, and a fifth level overflows", "[vp2][vm][branch]") {
    const std::string subroutines = "f1: CAL f2;\nRET;\n"
                                    "f2: CAL f3;\nRET;\n"
                                    "f3: CAL f4;\nRET;\n";
    const auto four = runProgram("!!VP2.0\nCAL f1;\nMOV o[HPOS], R0;\nRET;\n" + subroutines +
                                     "f4: MOV R0, c[0];\nRET;\nEND\n",
                                 {{1, 2, 3, 4}});
    CHECK(four.status == ExecutionStatus::Ok);
    checkVector(four.out(Result::HPOS), {1, 2, 3, 4});
    CHECK(four.executed == 11); // 4 CALs, MOV R0, 4 RETs, MOV o[HPOS], the final RET

    const auto five = runProgram("!!VP2.0\nCAL f1;\nMOV o[HPOS], R0;\nRET;\n" + subroutines +
                                     "f4: CAL f5;\nRET;\nf5: MOV R0, c[0];\nRET;\nEND\n",
                                 {{1, 2, 3, 4}});
    CHECK(five.status == ExecutionStatus::Overflow);
    CHECK(five.executed == 5); // the overflowing CAL counts
    checkVector(five.r(0), {0, 0, 0, 0});
    checkVector(five.out(Result::HPOS), {0, 0, 0, 1}); // the outputs as they were
}

TEST_CASE("a conditional CAL and RET", "[vp2][vm][branch]") {
    const auto o = runProgram(vp2Body("MOVC CC, c[0];\n"
                                      "CAL add (GT.x);\n"
                                      "CAL add (LT.x);\n"
                                      "BRA end;\n"
                                      "add: ADD R0, R0, c[1];\n"
                                      "RET (EQ.x);\n"
                                      "ADD R0, R0, c[1];\n"
                                      "RET;\n"
                                      "end:"),
                              {{-1, 0, 0, 0}, {1, 1, 1, 1}});
    // Only the LT call runs; its first RET is not taken (CC.x is LT), so it adds twice.
    checkVector(o.r(0), {2, 2, 2, 2});
}

TEST_CASE("RET with an empty call stack ends the program", "[vp2][vm][branch]") {
    const auto o =
        runProgram("!!VP2.0\nMOV o[HPOS], c[0];\nRET;\nMOV R0, c[0];\nEND\n", {{1, 2, 3, 4}});
    CHECK(o.status == ExecutionStatus::Ok);
    CHECK(o.executed == 2);
    checkVector(o.r(0), {0, 0, 0, 0});
}

TEST_CASE("execution starts after the label main", "[vp2][vm][branch]") {
    const auto o = runProgram(vp2Body("MOV R1, c[0];\nmain:\nMOV R0, c[0];"), {{1, 2, 3, 4}});
    checkVector(o.r(1), {0, 0, 0, 0});
    checkVector(o.r(0), {1, 2, 3, 4});
    CHECK(o.executed == 2);
}

TEST_CASE("a branch to a label at the end terminates", "[vp2][vm][branch]") {
    const auto o = runProgram("!!VP2.0\nMOV o[HPOS], c[0];\nBRA end;\nMOV R0, c[0];\nend:\nEND\n",
                              {{1, 2, 3, 4}});
    CHECK(o.status == ExecutionStatus::Ok);
    CHECK(o.executed == 2);
}

TEST_CASE("an infinite loop stops at the 65536-instruction limit", "[vp2][vm][branch]") {
    const auto o = runProgram(vp2Body("top: ADD R0, R0, c[0];\nBRA top;"), {{1, 0, 0, 0}});
    CHECK(o.status == ExecutionStatus::Budget);
    CHECK(o.executed == kDefaultBudget);
    CHECK(o.r(0)[0] == 32768.0f); // half the instructions were the ADD
    checkVector(o.out(Result::HPOS), {0, 0, 0, 1});
}

TEST_CASE("a loop that ends just at the limit runs to completion", "[vp2][vm][branch]") {
    // 3 set-up instructions + 32766 iterations of 2 + the final MOV = 65536 exactly.
    const auto o = runProgram(vp2Body("MOV R1, c[0];\nMOVC R2.x, c[0].y;\nBRA end (EQ.x);\n"
                                      "top: ADDC R2.x, R2.x, -c[0].x;\nBRA top (GT.x);\nend:"),
                              {{1, 32766, 0, 0}});
    CHECK(o.status == ExecutionStatus::Ok);
    CHECK(o.executed == kDefaultBudget);
    const auto over = runProgram(vp2Body("MOV R1, c[0];\nMOVC R2.x, c[0].y;\nBRA end (EQ.x);\n"
                                         "top: ADDC R2.x, R2.x, -c[0].x;\nBRA top (GT.x);\nend:"),
                                 {{1, 32767, 0, 0}});
    CHECK(over.status == ExecutionStatus::Budget);
    CHECK(over.executed == kDefaultBudget);
}

TEST_CASE("relative addressing in and out of range", "[vp2][vm][address]") {
    std::vector<Vector4> c(256, Vector4{0, 0, 0, 0});
    c[0] = {10.7f, 250, 5, -3};
    c[10] = {10, 10, 10, 10};
    c[12] = {12, 12, 12, 12};
    c[255] = {255, 255, 255, 255};
    const auto o = runProgram(vp2Body("ARL A0, c[0];\n"
                                      "MOV R0, c[A0.x+2];\n"
                                      "MOV R1, c[A0.y+5];\n"
                                      "MOV R2, c[A0.y+6];\n"
                                      "MOV R3, c[A0.z-6];\n"
                                      "MOV R4, c[A0.w-0];\n"
                                      "MOV R5, c[A0.x];\n"
                                      "ARL A1.z, c[0].x;\n"
                                      "MOV R6, c[A1.z+2];"),
                              c);
    checkVector(o.r(0), {12, 12, 12, 12});
    checkVector(o.r(1), {255, 255, 255, 255});
    checkVector(o.r(2), {0, 0, 0, 0}); // c[256]: outside 0..255 reads zero
    checkVector(o.r(3), {0, 0, 0, 0}); // c[-1]
    checkVector(o.r(4), {0, 0, 0, 0}); // c[-3]
    checkVector(o.r(5), c[10]);
    checkVector(o.r(6), {12, 12, 12, 12});
}

TEST_CASE("VP1 relative addressing reads zero beyond c[95]", "[vp2][vm][address]") {
    std::vector<Vector4> c(96, Vector4{0, 0, 0, 0});
    c[0] = {90, 0, 0, 0};
    c[95] = {95, 95, 95, 95};
    const auto o = runProgram("!!VP1.0\nARL A0.x, c[0].x;\nMOV R0, c[A0.x+5];\n"
                              "MOV R1, c[A0.x+6];\nMOV o[HPOS], R0;\nEND\n",
                              c);
    checkVector(o.r(0), {95, 95, 95, 95});
    checkVector(o.r(1), {0, 0, 0, 0});
}

TEST_CASE("a position-invariant program's HPOS is the object position", "[vp2][vm]") {
    const auto o = runProgram("!!VP1.1\nOPTION NV_position_invariant;\nMOV o[COL0], v[3];\nEND\n",
                              {}, {{1, 2, 3, 1}, {}, {}, {0.5f, 0.5f, 0.5f, 1}});
    checkVector(o.out(Result::HPOS), {1, 2, 3, 1});
    checkVector(o.out(Result::COL0), {0.5f, 0.5f, 0.5f, 1});
}

} // namespace
} // namespace slvm::vp2
