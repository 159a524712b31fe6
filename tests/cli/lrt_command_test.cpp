// The top-level command line: --version, --help, and unknown subcommands or flags.
#include "run_lrt.h"
#include "tests/unicode_text.h"

#include <catch2/catch.hpp>

using lrt::testing::CommandResult;
using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::writeScratchFile;

TEST_CASE("lrt --version names lrt and the libraries it was built against", "[cli]") {
    const auto r = runLrt("--version");
    CHECK(r.exitStatus == 0);
    CHECK_THAT(r.out, Catch::StartsWith("lrt 0.1.0\n"));
    CHECK_THAT(r.out, Catch::Contains("\nEmbree 3."));
    CHECK_THAT(r.out, Catch::Contains("\nOpenImageIO 2."));
    CHECK_THAT(r.out, Catch::Contains("\noneTBB 20"));
    CHECK_THAT(r.out, Catch::Contains("\nJIT: asmjit 1."));
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
        const auto r = runLrtInProcess(arguments);
        CHECK(r.exitStatus == 2);
        CHECK(r.out.empty());
        CHECK_FALSE(r.err.empty());
    }
    CHECK_THAT(runLrt("bogus").err, Catch::Contains("bogus"));
    CHECK_THAT(runLrt("--bogus").err, Catch::Contains("--bogus"));
}

TEST_CASE("every reader's diagnostics are valid UTF-8 and name odd characters", "[cli][unicode]") {
    using unicode_text::isValidUtf8;
    struct Case {
        const char* file;
        std::string text;
        const char* command;
        std::vector<std::string> named; // what stderr must name
    };
    const std::vector<Case> cases = {
        {"times.sl", "sl 1.0\nmov v0, C0\xC3\x97\n", "sl asm {} -o /dev/null", {"U+00D7"}},
        {"bytes.sl",
         "sl 1.0\n\xFFmov v0, C0\nm\xC3ov v0, C0\n",
         "sl asm {} -o /dev/null",
         {"\\xFF", "\\xC3"}},
        {"odd.vp",
         "!!VP2.0\nMOV o[HPOS], v[OPOS]\xC3\x97;\nMOV\xFF R0, R1;\nEND\n",
         "vp2 run {}",
         {"U+00D7", "\\xFF"}},
        {"odd.lrt",
         "WorldBegin\nSph\xFF"
         "ere 1 -1 1 360\nWorldEnd\n",
         "{} -o never.exr",
         {"\\xFF"}},
        {"zwsp.lrt",
         "WorldBegin\n\xE2\x80\x8BSphere 1 -1 1 360\nWorldEnd\n",
         "{} -o never.exr",
         {"U+200B"}},
        {"missing\xFF.sl", "", "sl asm {}.not-there -o /dev/null", {"\\xFF"}},
    };
    for (const Case& c : cases) {
        const auto path = writeScratchFile(c.file, c.text);
        // A failed render writes nothing, so never.exr stays unwritten.
        const std::string arguments = fmt::format(fmt::runtime(c.command), q(path));
        const CommandResult r = runLrt(arguments);
        INFO("reproduce: lrt " << arguments << "\nstderr: " << r.err);
        CHECK(r.exitStatus == 1);
        CHECK(isValidUtf8(r.err));
        for (const std::string& name : c.named)
            CHECK(r.err.find(name) != std::string::npos);
    }
}

// One mistake is one screenful: a megabyte-long unknown name is refused in time linear in its
// length (no "did you mean" search over it: it is far longer than any candidate), and its message
// and quoted line are cut around it with "...".
TEST_CASE("every reader refuses a megabyte-long unknown name in a few lines", "[cli]") {
    const std::string name = "q" + std::string(1'000'000, 'z');
    struct Case {
        const char* file;
        std::string text;
        const char* command;
    };
    const std::vector<Case> cases = {
        {"long.lrt", "WorldBegin\n" + name + " 1 -1 1 360\nWorldEnd\n", "{} -o never.exr"},
        {"long.pbrt", "WorldBegin\n" + name + " \"float radius\" 1\n", "{} -o never.exr"},
        {"long.sl", "sl 1.0\n" + name + " v0, C0\n", "sl asm {} -o /dev/null"},
        {"long.vp", "!!VP2.0\n" + name + " R0, R1;\nEND\n", "vp2 run {}"},
        {"long.pc", "in 0\n" + name + " rv1, rv0\nexit\n", "card asm {} -o never.exr"},
        {"long.cg", "float3 main(float3 N : N) : COLOR {\n    return " + name + ";\n}\n",
         "cg compile {} --profile sl -o /dev/null"},
        {"long.t", "vector c;\nc = " + name + ";\nv0 = c;\n", "tl compile {} --profile sl -o /dev/null"},
    };
    for (const Case& c : cases) {
        const auto path = writeScratchFile(c.file, c.text);
        const std::string arguments = fmt::format(fmt::runtime(c.command), q(path));
        const CommandResult r = runLrt(arguments);
        INFO("reproduce: lrt " << arguments << " (line 2 holds a name of 1,000,001 characters)\n"
                               << "stderr: " << r.err.substr(0, 2000));
        CHECK(r.exitStatus == 1);
        CHECK(r.out.empty());
        CHECK(r.err.find(std::string(c.file) + ":2:") != std::string::npos);
        CHECK(r.err.find("qzzzz") != std::string::npos);
        CHECK(r.err.find("zzz...zzz") != std::string::npos);
        CHECK(r.err.size() < 1500);
    }
}
