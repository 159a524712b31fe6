// The top-level command line: --version, --help, and unknown subcommands or flags.
#include "run_lrt.h"

#include <catch2/catch.hpp>

using lrt::testing::runLrt;

TEST_CASE("lrt --version names lrt and the libraries it was built against", "[cli]") {
    const auto r = runLrt("--version");
    CHECK(r.exitStatus == 0);
    CHECK_THAT(r.out, Catch::StartsWith("lrt 0.1.0\n"));
    CHECK_THAT(r.out, Catch::Contains("\nEmbree 3."));
    CHECK_THAT(r.out, Catch::Contains("\nOpenImageIO 2."));
    CHECK_THAT(r.out, Catch::Contains("\noneTBB 20"));
}

TEST_CASE("lrt --help lists the subcommands", "[cli]") {
    const auto r = runLrt("--help");
    CHECK(r.exitStatus == 0);
    CHECK_THAT(r.out, Catch::Contains("Subcommands:"));
    CHECK_THAT(r.out, Catch::Contains("sl "));
    const auto sl = runLrt("sl --help");
    CHECK(sl.exitStatus == 0);
    for (const char* sub : {"asm", "dis", "run"})
        CHECK_THAT(sl.out, Catch::Contains(sub));
}

TEST_CASE("unknown subcommands and flags are usage errors (exit 2)", "[cli]") {
    for (const char* arguments :
         {"bogus", "--bogus", "sl bogus", "sl run --bogus shaders/Constant.sl", "", "sl"}) {
        INFO("lrt " << arguments);
        const auto r = runLrt(arguments);
        CHECK(r.exitStatus == 2);
        CHECK(r.out.empty());
        CHECK_FALSE(r.err.empty());
    }
    CHECK_THAT(runLrt("bogus").err, Catch::Contains("bogus"));
    CHECK_THAT(runLrt("--bogus").err, Catch::Contains("--bogus"));
}
