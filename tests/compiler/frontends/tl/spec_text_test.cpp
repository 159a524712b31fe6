// The T-Language specification's own figures, as its text has them byte for byte (spec_text/),
// compile and compute what the specification says; a line the test appends (never an edit of
// the figure) copies a figure's result to v0, where the SL VM shows it.
#include "compiler/driver/compile.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/vm.h"
#include "tests/compiler/quiet_host.h"
#include "tests/file_bytes.h"

#include <array>
#include <catch2/catch.hpp>

namespace {

namespace sl = slvm::sl;

using compiler::testing::QuietHost;

std::string figure(const std::string& name) {
    return testing_files::requiredFileBytes(
        std::string(LRT_SOURCE_DIR "/tests/compiler/frontends/tl/spec_text/") + name);
}

// v0 after running the figure with `observe` appended.
std::array<float, 3> run(const std::string& name, const std::string& observe) {
    const std::string source = figure(name) + observe;
    INFO(name << ":\n" << source);
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Sl;
    const auto program =
        compiler::compileTl(std::make_shared<const slvm::SourceText>(name, source), options);
    sl::RegisterFile registers = sl::RegisterFile::withDefaults();
    QuietHost host;
    REQUIRE(sl::execute(*program.sl(), registers, host).status == sl::ExecutionStatus::Ok);
    const auto& v0 = registers.vector(sl::reg::v0);
    return {v0[0], v0[1], v0[2]};
}

} // namespace

TEST_CASE("the T-Language specification's figures, verbatim, compute what it says",
          "[compiler][tl][spec]") {
    // Figure 9: ++ and -- on all or one component (its last comment says (2,1,0); decrementing
    // y of (2,1,1) gives (2,0,1)).
    CHECK(run("figure09_increment.t", "v0 = V1;\n") == std::array<float, 3>{2, 0, 1});
    // Figure 10: sign control; bar ends as foo.-x-y-z of (1, 1, 1).
    CHECK(run("figure10_sign_control.t", "v0 = bar;\n") == std::array<float, 3>{-1, -1, -1});
    // Figure 16: foo and bar are never set, so both are 0: foo <= bar holds, then foo.xxx == 0.
    CHECK(run("figure16_if_else.t", "v0 = result;\n") == std::array<float, 3>{1, 1, 1});
    // Figure 22: functions with their own variables (never set: 0).
    CHECK(run("figure22_scoping.t", "v0 = Function1() + 7;\n") == std::array<float, 3>{7, 7, 7});
    // Figure 23: (1,2,3).y-yy + (4,5,6).-zy-x = (2,-2,2) + (-6,5,-4).
    CHECK(run("figure23_parameters.t", "v0 = WeirdAddition((1,2,3), (4,5,6));\n") ==
          std::array<float, 3>{-4, 3, -2});
    // Figure 25: the macro writes R7 and R8 from registers R2-R4, which nothing set (0).
    CHECK(run("figure25_macros.t", "v0 = R7 - R8 + 1;\n") == std::array<float, 3>{1, 1, 1});
}

TEST_CASE("the specification's while figure, verbatim, is refused: its counter never moves",
          "[compiler][tl][spec]") {
    // Figure 18 assigns a = i in its loop and never changes i.x: unrolled, it never ends.
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Sl;
    CHECK_THROWS_WITH(compiler::compileTl(std::make_shared<const slvm::SourceText>(
                                              "figure18_while.t", figure("figure18_while.t")),
                                          options),
                      Catch::Contains("the loop runs more than 1024 times"));
}
