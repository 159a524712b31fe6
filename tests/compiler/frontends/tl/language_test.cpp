// T-Language as its specification describes it, run on the SL and card VMs: literals, swizzles
// with sign control, arithmetic, increments, if/else, loops, functions, the preprocessor, and the
// specification's own figures and appendix examples, each checked against values worked out
// here by hand or in double precision.
#include "compiler/driver/compile.h"
#include "slvm/card/vm.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/vm.h"
#include "tests/compiler/quiet_host.h"
#include "tests/file_bytes.h"
#include "tests/scratch_directory.h"

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace {

namespace sl = slvm::sl;
using Vec = std::array<float, 3>;

using compiler::testing::QuietHost;

compiler::CompiledProgram compileSource(const std::string& source,
                                        const std::string& profile = "sl",
                                        const std::string& name = "test.t") {
    compiler::CompileOptions options;
    options.profile = compiler::requireProfile(profile).id;
    return compiler::compileTl(std::make_shared<const slvm::SourceText>(name, source), options);
}

// Runs `source` on the SL VM with N = (0, 0, 1), L = (0.6, 0, 0.8) and Kd = 0.5; returns v0.
Vec run(const std::string& source) {
    INFO("program:\n" << source);
    const compiler::CompiledProgram program = compileSource(source);
    INFO("SL:\n" << program.assembly);
    sl::RegisterFile registers = sl::RegisterFile::withDefaults();
    registers.vector(*sl::findRegister("N")) = {0, 0, 1, 0};
    registers.vector(*sl::findRegister("L")) = {0.6f, 0, 0.8f, 0};
    registers.scalar(*sl::findRegister("Kd")) = 0.5f;
    QuietHost host;
    REQUIRE(sl::execute(*program.sl(), registers, host).status == sl::ExecutionStatus::Ok);
    const auto& v0 = registers.vector(sl::reg::v0);
    return {v0[0], v0[1], v0[2]};
}

void checkVec(const Vec& got, const Vec& expected, float tolerance = 1e-5f) {
    for (std::size_t c = 0; c < 3; ++c) {
        INFO("component " << c << ": got " << got[c] << ", expected " << expected[c]);
        CHECK(std::fabs(got[c] - expected[c]) <= tolerance * (1 + std::fabs(expected[c])));
    }
}

} // namespace

TEST_CASE("T-Language: the simplest program, literals in every base", "[compiler][tl]") {
    // Figure 1, with its sum written to v0.
    checkVec(run("//This is a comment\nvector MyVariable1, MyVariable2, MyVariable3;\n"
                 "MyVariable1 = (1,2,3);\nMyVariable2 = (4,5,6);\n"
                 "MyVariable3 = MyVariable1 + MyVariable2;\nv0 = MyVariable3;\n"),
             {5, 7, 9});
    // Figure 5: decimal, hexadecimal, binary and fixed point (its value; THEIA stores it scaled).
    checkVec(run("v0 = (0xCAFE, 0b111000111, 17fp3.14159265);"), {51966, 455, 3.14159265f});
    checkVec(run("v0 = (0b10101, 0xff, 75);"), {21, 255, 75});
    checkVec(run("vector MyVar2 = (0xFF, 0b111000, 0b101010), MyVar3;\nv0 = MyVar2 + MyVar3;"),
             {255, 56, 42});
    checkVec(run("v0 = (8fp2.5, 2.5e1, .5);"), {2.5f, 25, 0.5f});
}

TEST_CASE("T-Language: swizzles and sign control", "[compiler][tl]") {
    const std::string foo = "vector foo = (1, 2, 3);\n";
    checkVec(run(foo + "v0 = foo.x-yz;"), {1, -2, 3}); // Figure 10 on (1, 2, 3)
    checkVec(run(foo + "v0 = foo.-xyz;"), {-1, 2, 3});
    checkVec(run(foo + "v0 = foo.-x-y-z;"), {-1, -2, -3});
    checkVec(run(foo + "v0 = foo.zxy;"), {3, 1, 2});
    checkVec(run(foo + "v0 = foo.y;"), {2, 2, 2}); // one component: in x, y and z
    checkVec(run(foo + "v0 = foo.-z;"), {-3, -3, -3});
    checkVec(run(foo + "v0 = foo.y - 1;"), {1, 1, 1}); // with spaces, '-' subtracts
    // Figure 12: a cross product by swizzles, (1, 2, 3) x (4, 5, 6) = (-3, 6, -3).
    checkVec(run("vector V1 = (1,2,3);\nvector V2 = (4,5,6);\nvector Result;\n"
                 "Result = V1.yzx * V2.zxy - V1.zxy * V2.yzx;\nv0 = Result;"),
             {-3, 6, -3});
    // Figure 11: a matrix times a vector, columns (1,4,7), (2,5,8), (3,6,9) by (10, 11, 12).
    checkVec(run("vector Col1 = (1,4,7); vector Col2 = (2,5,8); vector Col3 = (3,6,9);\n"
                 "vector Col4 = (0xa,0xb,0xc); vector Result;\n"
                 "Result = Col1 * Col4.xxx + Col2*Col4.yyy + Col3*Col4.zzz;\nv0 = Result;"),
             {68, 167, 266});
}

TEST_CASE("T-Language: arithmetic, sqrt, scaling, increments and write masks", "[compiler][tl]") {
    checkVec(run("vector a = (1, 2, 3), b = (4, 5, 8);\nv0 = a * b / (2, 4, 8) - a;"),
             {1, 0.5f, 0});
    checkVec(run("vector a = (16, 4, 9);\nv0 = sqrt(a);"), {4, 4, 4}); // sqrt of x, in all three
    checkVec(run("vector a = (9, 1, 1);\nv0 = sqrt(a + 7) * 2;"), {8, 8, 8});
    checkVec(run("vector a1 = (1,2,3), a2 = (0xa,0xb,0xc);\nv0 = scale( unscale( a1 ) * unscale( "
                 "a2 ) );"),
             {10, 22, 36});
    checkVec(run("using fixed_point_arithmetic;\nv0 = 17fp2.5;"), {2.5f, 2.5f, 2.5f});
    // Figure 9. (Its last comment says (2,1,0); decrementing y of (2,1,1) gives (2,0,1).)
    checkVec(run("vector V1 = (0,0,0);\nV1++;\nV1.x++;\nV1.y--;\nv0 = V1;"), {2, 0, 1});
    checkVec(run("vector Foo = (1, 2, 3);\nFoo += 5;\nFoo -= (1, 1, 2);\nFoo *= 2;\nFoo /= 4;\nv0 "
                 "= Foo;"),
             {2.5f, 3, 3});
    checkVec(run("v0 = (1, 2, 3);\nv0.zx = (7, 8, 9);\nv0.y = -v0;"), {7, -2, 9});
    checkVec(run("R1 = (1, 2, 3);\nR5 = R1 + R1 * R1;\nv0 = R5 + R0;"),
             {2, 7, 12}); // R0 = (0, 1, 0)
}

TEST_CASE("T-Language: if compares all three components, with else, and, or and not",
          "[compiler][tl]") {
    const std::string decide = "if (foo <= bar) {\n  v0 = 1;\n} else {\n  v0 = 2;\n}\n";
    checkVec(run("vector foo = (1, 2, 3), bar = (1, 3, 3);\n" + decide), {1, 1, 1});
    checkVec(run("vector foo = (1, 2, 4), bar = (1, 3, 3);\n" + decide), {2, 2, 2});
    checkVec(run("vector foo = (0, 5, 5);\nif (foo.xxx == 0) {\n  v0 = 1;\n} else {\n  v0 = 2;\n}"),
             {1, 1, 1});
    checkVec(run("vector a = (1, 2, 3);\nif (a.x > 0 && a.y > 5 || !(a.z != 3)) {\n  v0 = 4;\n}"),
             {4, 4, 4});
    // On the registers the scene sets: N.L = 0.8 > 0.
    checkVec(run("vector c = N * L;\nc = c.xxx + c.yyy + c.zzz;\nif (c.x > 0) {\n  v0 = c * Kd;\n} "
                 "else if (c.x < -1) {\n  v0 = 9;\n}"),
             {0.4f, 0.4f, 0.4f});
}

TEST_CASE("T-Language: while and for loops unroll", "[compiler][tl]") {
    checkVec(run("vector a = 0;\nvector i = 0;\nwhile (i.x < 10)\n{\n    a = a + i.x;\n    "
                 "i.x++;\n}\nv0 = a;"),
             {45, 45, 45});
    // Figure 24's loop form, with the ';' after its step.
    checkVec(
        run("vector i, s = 1;\nfor ( i.x = 0; i.x < 5; i.x++;)\n{\n    s = s * 2;\n}\nv0 = s + i;"),
        {37, 32, 32});
}

TEST_CASE("T-Language: functions run where main is, inline, with returns", "[compiler][tl]") {
    // Figure 23: main calls WeirdAddition defined after it; main runs where it is defined.
    checkVec(
        run("function main()\n{\n    vector a = (1,2,3);\n    vector b = (4,5,6);\n    vector c;\n"
            "    c = WeirdAddition(a,b);\n    v0 = c;\n}\nfunction WeirdAddition( Argument1, "
            "Argument2 )\n"
            "{\n    return (Argument1.y-yy + Argument2.-zy-x );\n}\n"),
        {-4, 3, -2});
    const std::string sign =
        "function Sign(x)\n{\n  if (x.x < 0) {\n    return -1;\n  }\n  return 1;\n}\n";
    checkVec(run(sign + "v0 = Sign(-5) + Sign(3) * 2;"), {1, 1, 1});
    // A conditional return on the SL VM's run-time values: N.L = 0.8.
    checkVec(
        run(sign + "vector c = N * L;\nc = c.xxx + c.yyy + c.zzz;\nv0 = Sign(c - 1) + Sign(c);"),
        {0, 0, 0});
    // Registers are shared with functions; their locals are not.
    checkVec(run("function Set()\n{\n  R9 = (7, 8, 9);\n  return;\n}\nSet();\nv0 = R9;"),
             {7, 8, 9});
}

TEST_CASE("T-Language: #define, #macro and #include", "[compiler][tl]") {
    // Figure 25, with the triangle's corners in R2-R4 and the normal written to v0.
    checkVec(run("#define MyMacroVector0 R2\n#define MyMacroVector1 R3\n#define MyMacroVector2 R4\n"
                 "#macro C = CrossProduct( A, B )\n       R7 = A.yzx * B.zxy;\n       R8 = A.zxy * "
                 "B.yzx;\n"
                 "       C = R7 - R8;\n#endmacro\n//-----\nR2 = (0, 0, 0);\nR3 = (1, 0, 0);\nR4 = "
                 "(0, 1, 0);\n"
                 "function main()\n{\n vector Normal, tmp1, tmp2;\n tmp1 = MyMacroVector1 - "
                 "MyMacroVector0;\n"
                 " tmp2 = MyMacroVector2 - MyMacroVector0;\n Normal = CrossProduct( tmp1,tmp2 );\n "
                 "v0 = Normal;\n}\n"),
             {0, 0, 1});
    // #include beside the file.
    const lrt::testing::ScratchDirectory folder("lrt_tl_include_test_");
    std::ofstream(folder / "MyDefinitions.tsh") << "#define CameraPostion R47\n#define Twice 2 *\n";
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Sl;
    const auto program = compiler::compileTl(
        std::make_shared<const slvm::SourceText>(
            (folder / "main.t").string(), "#include \"MyDefinitions.tsh\"\nfunction main()\n{\n"
                                          "CameraPostion.x = 3;\nv0 = Twice CameraPostion;\n}\n"),
        options);
    sl::RegisterFile registers = sl::RegisterFile::withDefaults();
    QuietHost host;
    sl::execute(*program.sl(), registers, host);
    CHECK(registers.vector(sl::reg::v0)[0] == 6);
    CHECK(registers.vector(sl::reg::v0)[1] == 0);
}

std::string example(const char* name) {
    const std::string text = testing_files::requiredFileBytes(
        std::string(LRT_SOURCE_DIR "/examples/t-language/") + name);
    REQUIRE_FALSE(text.empty());
    return text;
}

TEST_CASE("T-Language: appendix example 1, Cramer's rule", "[compiler][tl]") {
    // examples/t-language/cramer.t: the appendix's program as printed (see its header).
    // The system x + 3y - 2z = 5, 3x + 5y + 6z = 7, 2x + 4y + 3z = 8, by Gaussian elimination.
    double m[3][4] = {{1, 3, -2, 5}, {3, 5, 6, 7}, {2, 4, 3, 8}};
    for (int col = 0; col < 3; ++col)
        for (int row = 0; row < 3; ++row)
            if (row != col) {
                const double f = m[row][col] / m[col][col];
                for (int k = 0; k < 4; ++k)
                    m[row][k] -= f * m[col][k];
            }
    const Vec expected{static_cast<float>(m[0][3] / m[0][0]), static_cast<float>(m[1][3] / m[1][1]),
                       static_cast<float>(m[2][3] / m[2][2])};
    checkVec(expected, {-15, 8, 2}, 1e-9f);
    checkVec(run(example("cramer.t")), expected, 1e-5f);
}

TEST_CASE("T-Language: appendix example 2, a triangle's plane", "[compiler][tl]") {
    // examples/t-language/plane.t, with P1 = (1, 0, 0), P2 = (0, 2, 0), P3 = (0, 0, 2):
    // (P2 - P1) x (P3 - P1) = (-1, 2, 0) x (-1, 0, 2) = (4, 2, 2). The example's Normalize
    // squares it, (16, 4, 4), and divides by sqrt(16 + 4 + 4); the distance is the dot product
    // of the negated "normal" with P1. v0 = (distance, normal.x, normal.y).
    const float root = std::sqrt(24.0f);
    checkVec(run(example("plane.t")), {-16 / root, 16 / root, 4 / root});
}

TEST_CASE("T-Language: profile card computes a distance from P", "[compiler][tl][card]") {
    const auto program =
        compileSource("vector d = P * P;\nd = d.xxx + d.yyy + d.zzz;\nv0 = sqrt(d) - 1;\n", "card");
    slvm::card::CardMachine machine(*program.card());
    machine.run(3, 4, 0);
    CHECK(machine.distance() == 4);
    machine.run(0, 0, 0.5f);
    CHECK(machine.distance() == -0.5f);
}

TEST_CASE("T-Language: a constant that folds to an infinity or a NaN is computed, not spelled",
          "[compiler][tl]") {
    // Found by fuzz_cg_compiler: A / D with both zero folded to NaN and C / D to infinity, which
    // no SL literal can spell, and the compiled program did not assemble.
    const Vec v = run("vector A, C, D;\nC = (1, -2, 3);\nv0 = (A.x / D.x, C.y / D.y, C.z / D.z);");
    CHECK(std::isnan(v[0]));
    CHECK(v[1] == -INFINITY);
    CHECK(v[2] == INFINITY);
    // A product that underflows to a denormal (the VM keeps it; SL literals cannot write it).
    CHECK(run("v0 = (1e-30 * 1e-10, 0, 0);")[0] == 1e-30f * 1e-10f);
    for (const char* profile : {"card"})
        CHECK_NOTHROW(compileSource("vector a, b;\nb = (1, 0, 0);\nv0 = b / a;", profile));
}
