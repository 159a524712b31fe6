// Scheduling for register pressure (issue 42, item 8): a T-Language program that was refused with
// "this needs more vector registers than SL has: 7 values are live here" fits SL once its
// independent operands are computed needier first, and computes what a hand evaluation gives.
#include "compiler/driver/compile.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/vm.h"
#include "tests/compiler/quiet_host.h"

#include <catch2/catch.hpp>

TEST_CASE("the issue's B.-zz-z * A return fits SL's five vectors once operands are reordered",
          "[compiler][schedule][tl]") {
    // `a` is chosen at run time (a Phi), so nothing that depends on it can be recomputed where it
    // is used: only the order of evaluation can make the two cross products fit.
    const char* const source = R"(function F(A, B)
{
    return (((-2, -3, 1) - (3, 2, -4)) + (B.-zz-z * A));
}
vector a = uv;
if (((a).x + ((a).yzx).y) < Kr) {
    a = ((a).y, -0.328125, -0.984375);
} else {
    a.z = Kd;
}
v0 = F((Kd, Ks, a.x).yzx * a.zxy - (Kd, Ks, a.x).zxy * a.yzx,
       a.yzx * a.xzz.zxy - a.zxy * a.xzz.yzx);
)";
    compiler::CompileOptions options;
    const auto program =
        compiler::compileTl(std::make_shared<const slvm::SourceText>("issue.t", source), options);
    namespace sl = slvm::sl;
    sl::RegisterFile registers = sl::RegisterFile::withDefaults();
    registers.vector(*sl::findRegister("uv")) = {0.5f, -1, 2, 0};
    registers.scalar(*sl::findRegister("Kr")) = 1;
    registers.scalar(*sl::findRegister("Kd")) = 0.25f;
    registers.scalar(*sl::findRegister("Ks")) = -0.75f;
    compiler::testing::QuietHost host;
    REQUIRE(sl::execute(*program.sl(), registers, host).status == sl::ExecutionStatus::Ok);
    // 0.5 + 2 is not below 1, so a = (0.5, -1, 0.25). A = (0.25, -0.75, 0.5) x a =
    // (0.3125, 0.1875, 0.125); B = a.yzx * a.xzz.zxy - a.zxy * a.xzz.yzx = (-0.3125, 0, 0.625);
    // B.-zz-z * A = (-0.625, 0.625, -0.625) * A; plus (-5, -5, 5). Every step is exact in floats.
    const auto& v0 = registers.vector(sl::reg::v0);
    CHECK(v0[0] == -5.1953125f);
    CHECK(v0[1] == -4.8828125f);
    CHECK(v0[2] == 4.921875f);
}
