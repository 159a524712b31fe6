// The spec's own example programs (its Issues section), made into complete programs, with
// outputs worked out by hand. Where an example is not valid as printed (the lighting example's
// two-operand MADs, its "..." gaps), the completion is noted.
#include "tests/slvm/vp2/vp2_test_support.h"

namespace slvm::vp2 {
namespace {

using testing::checkVector;
using testing::runProgram;

TEST_CASE("spec example: lighting with a branch past the specular terms", "[vp2][spec]") {
    // The spec's MADs lack their addend; as intended they accumulate into R0.
    const std::string program = "!!VP2.0\n"
                                "MOV R2, v[NRML];\n"
                                "MOV R3, v[TEX1];  # light vector\n"
                                "MOV R4, v[TEX2];  # half vector\n"
                                "DP3C R1.x, R2, R3; # diffuse dot product\n"
                                "ADD R0, R0, c[0]; # accumulate ambient\n"
                                "BRA pointsAway (LT.x) ; # skip rest if diffuse dot < 0\n"
                                "MOV R1.w, c[2].w;\n"
                                "DP3 R1.y, R2, R4; # specular dot product\n"
                                "LIT R1, R1; # compute exponentiated specular\n"
                                "MAD R0, c[1], R1.y, R0; # accumulate diffuse\n"
                                "MAD R0, c[2], R1.z, R0; # accumulate specular\n"
                                "pointsAway:\n"
                                "MOV o[COL0], R0;\n"
                                "MOV o[HPOS], v[OPOS];\n"
                                "END\n";
    const std::vector<Vector4> c = {
        {0.1f, 0.1f, 0.1f, 0}, {0.5f, 0.4f, 0.3f, 1}, {0.2f, 0.2f, 0.2f, 4}};
    std::vector<Vector4> v(16, Vector4{0, 0, 0, 1});
    v[0] = {1, 2, 3, 1};
    v[2] = {0, 0, 1, 0};
    v[9] = {0, 0.6f, 0.8f, 0};
    v[10] = {0, 0, 1, 0};
    // N.L = 0.8, N.H = 1: LIT gives (1, 0.8, 1^4 = 1, 1);
    // R0 = c0 + 0.8 c1 + 1 c2 = (0.7, 0.62, 0.54, 4.8).
    const auto lit = runProgram(program, c, v);
    checkVector(lit.out(Result::COL0), {0.7f, 0.62f, 0.54f, 4.8f}, 1e-6f);
    checkVector(lit.out(Result::HPOS), {1, 2, 3, 1});
    CHECK(lit.executed == 13);

    v[9] = {0, 0, -1, 0}; // the light behind: N.L = -1, only ambient
    const auto away = runProgram(program, c, v);
    checkVector(away.out(Result::COL0), {0.1f, 0.1f, 0.1f, 0});
    CHECK(away.executed == 8);
}

TEST_CASE("spec example: floor(A)*B by repeated subroutine calls", "[vp2][spec]") {
    const std::string program = "!!VP2.0\n"
                                "MOV R0, c[0].z; # start with zero\n"
                                "MOV R1, c[0].y;\n"
                                "FLRC R2.x, c[0].x;\n"
                                "BRA done (LE.x);\n"
                                "top:\n"
                                "CAL accumulate;\n"
                                "ADDC R2.x, R2.x, -c[0].w; # decrement count\n"
                                "BRA top (GT.x);\n"
                                "done:\n"
                                "MOV o[HPOS], R0;\n"
                                "RET;\n"
                                "accumulate:\n"
                                "# R0 holds the accumulated result\n"
                                "# R1 holds the value to add\n"
                                "ADD R0, R0, R1;\n"
                                "RET;\n"
                                "END\n";
    struct AB {
        float a, b, expected;
        std::uint64_t executed;
    };
    // 4 set-up instructions, 5 per iteration, then MOV and RET.
    for (const AB& t : {AB{3.7f, 2.5f, 7.5f, 4 + 3 * 5 + 2}, AB{1.0f, -2, -2, 4 + 5 + 2},
                        AB{0.5f, 9, 0, 4 + 2}, AB{-2, 9, 0, 4 + 2}}) {
        INFO("A = " << t.a << ", B = " << t.b);
        const auto o = runProgram(program, {{t.a, t.b, 0, 1}});
        CHECK(o.status == ExecutionStatus::Ok);
        checkVector(o.out(Result::HPOS), {t.expected, t.expected, t.expected, t.expected});
        CHECK(o.executed == t.executed);
    }
}

TEST_CASE("spec example: a loop calling a function n times", "[vp2][spec]") {
    // "function" doubles R0; c[0].x = n, c[1].x = 1.
    const std::string program = "!!VP2.0\n"
                                "MOV R0, c[1].x;\n"
                                "MOVC R15.x, c[0].x;\n"
                                "startLoop:\n"
                                "CAL function (GT.x); # if (counter > 0) function();\n"
                                "SUBC R15.x, R15.x, c[1].x; # counter = counter - 1;\n"
                                "BRA startLoop (GT.x); # if (counter > 0) goto start;\n"
                                "endLoop:\n"
                                "MOV o[HPOS], R0;\n"
                                "RET;\n"
                                "function:\n"
                                "ADD R0, R0, R0;\n"
                                "RET;\n"
                                "END\n";
    const auto o = runProgram(program, {{5, 0, 0, 0}, {1, 0, 0, 0}});
    checkVector(o.out(Result::HPOS), {32, 32, 32, 32});
}

TEST_CASE("spec example: an ARA loop indexing c[] through A1.y", "[vp2][spec]") {
    // c[0] = (iterations, first index, -1, step); "function" adds c[A1.y] into R0.
    std::vector<Vector4> c(16, Vector4{0, 0, 0, 0});
    c[0] = {3, 4, -1, 2};
    for (int i = 4; i < 16; ++i)
        c[static_cast<std::size_t>(i)] = {float(i), 0, 0, 0};
    const std::string program = "!!VP2.0\n"
                                "ARLC A1, c[0];\n"
                                "startLoop:\n"
                                "CAL function (GT.x); # if (counter > 0) function();\n"
                                "ARAC A1.xy, A1; # counter = counter - 1; index += loopStep;\n"
                                "BRA startLoop (GT.x); # if (counter > 0) goto start;\n"
                                "endLoop:\n"
                                "MOV o[HPOS], R0;\n"
                                "RET;\n"
                                "function:\n"
                                "ADD R0, R0, c[A1.y];\n"
                                "RET;\n"
                                "END\n";
    // Indices 4, 6, 8 are visited: 4 + 6 + 8 = 18.
    const auto o = runProgram(program, c);
    CHECK(o.out(Result::HPOS)[0] == 18);
    CHECK(o.address[1] == std::array<int, 4>{0, 10, -1, 2});
}

TEST_CASE("spec example: a clip plane and a clip sphere", "[vp2][spec]") {
    const std::string plane = "!!VP2.0\n"
                              "MOV R0, v[OPOS]; # eye coordinates, here the object position\n"
                              "DP4 o[CLP0].x, R0, c[0];\n"
                              "MOV o[HPOS], R0;\n"
                              "END\n";
    // Plane z = 1 keeping z >= 1: (0, 0, 1, -1).
    const auto above = runProgram(plane, {{0, 0, 1, -1}}, {{2, 3, 4, 1}});
    CHECK(above.out(Result::CLP0)[0] == 3);
    const auto below = runProgram(plane, {{0, 0, 1, -1}}, {{2, 3, 0.5f, 1}});
    CHECK(below.out(Result::CLP0)[0] == -0.5f);

    const std::string sphere = "!!VP2.0\n"
                               "MOV R0, v[OPOS];\n"
                               "SUB R1.xyz, R0, c[0]; # distance vector\n"
                               "DP3 R1.w, R1, R1; # compute distance squared\n"
                               "SUB o[CLP0].x, c[0].w, R1.w; # compute r^2 - d^2\n"
                               "MOV o[HPOS], R0;\n"
                               "END\n";
    // Centre (1, 0, 0), radius 2 (r^2 = 4): (2, 1, 1) is at d^2 = 3, inside; (4, 0, 0) at 9.
    CHECK(runProgram(sphere, {{1, 0, 0, 4}}, {{2, 1, 1, 1}}).out(Result::CLP0)[0] == 1);
    CHECK(runProgram(sphere, {{1, 0, 0, 4}}, {{4, 0, 0, 1}}).out(Result::CLP0)[0] == -5);
}

TEST_CASE("spec example: matrix-palette skinning", "[vp2][spec]") {
    // The first two of the spec's eight matrix slots, with its early exit on a negative index.
    const std::string program = "!!VP2.0\n"
                                "ARLC A0, v[14]; # load 4 palette indices at once\n"
                                "DP4 R1.x, c[A0.x+0], v[0]; # 1st matrix transform\n"
                                "DP4 R1.y, c[A0.x+1], v[0];\n"
                                "DP4 R1.z, c[A0.x+2], v[0];\n"
                                "DP4 R1.w, c[A0.x+3], v[0];\n"
                                "MUL R0, R1, v[12].x; # accumulate weighted sum in R0\n"
                                "BRA end (LT.y); # stop on a negative matrix index\n"
                                "DP4 R1.x, c[A0.y+0], v[0]; # 2nd matrix transform\n"
                                "DP4 R1.y, c[A0.y+1], v[0];\n"
                                "DP4 R1.z, c[A0.y+2], v[0];\n"
                                "DP4 R1.w, c[A0.y+3], v[0];\n"
                                "MAD R0, R1, v[12].y, R0; # accumulate weighted sum in R0\n"
                                "BRA end (LT.z); # stop on a negative matrix index\n"
                                "DP4 R1.x, c[A0.z+0], v[0]; # 3rd matrix transform\n"
                                "DP4 R1.y, c[A0.z+1], v[0];\n"
                                "DP4 R1.z, c[A0.z+2], v[0];\n"
                                "DP4 R1.w, c[A0.z+3], v[0];\n"
                                "MAD R0, R1, v[12].z, R0;\n"
                                "end:\n"
                                "MOV o[HPOS], R0;\n"
                                "END\n";
    // Palette: c[0..3] translates by (1, 0, 0); c[4..7] scales by 2; c[8..11] translates z by 10.
    std::vector<Vector4> c(12, Vector4{0, 0, 0, 0});
    c[0] = {1, 0, 0, 1}, c[1] = {0, 1, 0, 0}, c[2] = {0, 0, 1, 0}, c[3] = {0, 0, 0, 1};
    c[4] = {2, 0, 0, 0}, c[5] = {0, 2, 0, 0}, c[6] = {0, 0, 2, 0}, c[7] = {0, 0, 0, 1};
    c[8] = {1, 0, 0, 0}, c[9] = {0, 1, 0, 0}, c[10] = {0, 0, 1, 10}, c[11] = {0, 0, 0, 1};
    std::vector<Vector4> v(16, Vector4{0, 0, 0, 1});
    v[0] = {1, 2, 3, 1};
    v[12] = {0.25f, 0.75f, 0, 0}; // weights
    v[14] = {0, 4, -1, -1};       // palette indices; -1 ends the list
    // 0.25 (2, 2, 3, 1) + 0.75 (2, 4, 6, 1) = (2, 3.5, 5.25, 1); the third slot is skipped.
    const auto two = runProgram(program, c, v);
    checkVector(two.out(Result::HPOS), {2, 3.5f, 5.25f, 1});
    CHECK(two.executed == 14);

    v[12] = {0.5f, 0.25f, 0.25f, 0};
    v[14] = {0, 4, 8, -1};
    // 0.5 (2,2,3,1) + 0.25 (2,4,6,1) + 0.25 (1,2,13,1) = (1.75, 2.5, 6.25, 1).
    const auto three = runProgram(program, c, v);
    checkVector(three.out(Result::HPOS), {1.75f, 2.5f, 6.25f, 1});
}

} // namespace
} // namespace slvm::vp2
