// `lrt vp2 run` as docs/vp2.md specifies it.
#include "run_lrt.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using lrt::testing::jsonOutput;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::writeScratchFile;
using nlohmann::json;

TEST_CASE("vp2 run prints every register of a VP2 program as JSON", "[cli][vp2]") {
    // Twist by 0.5 rad/unit at z = 0.5: a quarter-radian turn of (0.3, 0.4).
    const json j =
        jsonOutput(runLrt("vp2 run vertex/twist.vp --attrib 0=0.3,0.4,0.5,1 --param=0=0.5,0,0,0"));
    CHECK(j["status"] == "ok");
    CHECK(j["executed"] == 7);
    const auto& hpos = j["outputs"]["HPOS"];
    CHECK(hpos[0].get<double>() ==
          Approx(0.3 * std::cos(0.25) - 0.4 * std::sin(0.25)).margin(1e-6));
    CHECK(hpos[1].get<double>() ==
          Approx(0.4 * std::cos(0.25) + 0.3 * std::sin(0.25)).margin(1e-6));
    CHECK(hpos[2] == 0.5);
    CHECK(hpos[3] == 1);
    CHECK(j["outputs"].size() == 21);
    CHECK(j["outputs"]["CLP5"] == json::array({0, 0, 0, 1}));
    CHECK(j["temps"].size() == 16);
    CHECK(j["temps"]["R0"] == json::array({0.25, 0, 0, 0}));
    CHECK(j["address"] == json::parse(R"({"A0": [0, 0, 0, 0], "A1": [0, 0, 0, 0]})"));
    CHECK(j["cc"] == json::array({"EQ", "EQ", "EQ", "EQ"}));
}

TEST_CASE("vp2 run shows VP1 register files, address registers and condition codes", "[cli][vp2]") {
    const auto vp1 =
        writeScratchFile("vp1.vp", "!!VP1.0\nARL A0.x, v[1].x;\nMOV o[HPOS], c[A0.x+1];\nEND\n");
    const json j = jsonOutput(
        runLrtInProcess("vp2 run " + vp1.string() + " --attrib 1=2.5,0,0 --param 3=1,2,3"));
    CHECK(j["outputs"]["HPOS"] == json::array({1, 2, 3, 0})); // w keeps its default 0
    CHECK(j["outputs"].size() == 15);
    CHECK_FALSE(j["outputs"].contains("CLP0"));
    CHECK(j["temps"].size() == 12);
    CHECK(j["address"] == json::parse(R"({"A0": [2, 0, 0, 0]})"));
    CHECK_FALSE(j.contains("cc"));

    // RSQ of -2 puts a NaN in R0.w; ARLC loads it as 0.
    const auto cc = writeScratchFile("cc.vp", "!!VP2.0\nMOV R0, v[0];\nRSQ R0.w, -v[0].z;\n"
                                              "MOVC R0, R0;\nARLC A1.yw, R0;\nMOV o[HPOS], "
                                              "R0;\nEND\n");
    const json k = jsonOutput(runLrtInProcess("vp2 run " + cc.string() + " --attrib 0=-1.5,0,2"));
    CHECK(k["temps"]["R0"] == json::array({-1.5, 0, 2, "nan"}));
    CHECK(k["address"]["A1"] == json::array({0, 0, 0, 0})); // NaN loads 0
    CHECK(k["cc"] == json::array({"LT", "EQ", "GT", "EQ"}));
}

TEST_CASE("vp2 run reports the instruction limit and call-stack overflow", "[cli][vp2]") {
    const auto loop =
        writeScratchFile("loop.vp", "!!VP2.0\nMOV o[HPOS], v[0];\ntop: BRA top;\nEND\n");
    const json j = jsonOutput(runLrtInProcess("vp2 run " + loop.string()));
    CHECK(j["status"] == "limit");
    CHECK(j["executed"] == 65536);

    const auto recurse =
        writeScratchFile("recurse.vp", "!!VP2.0\nMOV o[HPOS], v[0];\nf: CAL f;\nEND\n");
    const json k = jsonOutput(runLrtInProcess("vp2 run " + recurse.string()));
    CHECK(k["status"] == "overflow");
    CHECK(k["executed"] == 6); // MOV, four CALs that push, and the one that overflows
}

TEST_CASE("vp2 run exits 1 with diagnostics for a program that fails to load", "[cli][vp2]") {
    const auto bad = writeScratchFile("bad.vp", "!!VP2.0\nADD o[HPOS], c[0], c[1];\nEND\n");
    const auto r = runLrtInProcess("vp2 run " + bad.string());
    CHECK(r.exitStatus == 1);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("bad.vp:2:20: error: this instruction reads two different "
                                      "program parameters"));
    const auto missing = runLrtInProcess("vp2 run /nonexistent/x.vp");
    CHECK(missing.exitStatus == 1);
    CHECK_THAT(missing.err, Catch::Contains("/nonexistent/x.vp: error: cannot open"));
}

TEST_CASE("vp2 run exits 2 on malformed flag values", "[cli][vp2]") {
    for (const char* flags :
         {"--attrib 16=1,2,3", "--attrib 0=1,2", "--attrib x=1,2,3", "--param 256=1,2,3,4",
          "--param 0=1,2,3,4,5", "--param 0", "--attrib -1=1,2,3", "--param 0=a,b,c"}) {
        INFO(flags);
        const auto r = runLrtInProcess(std::string("vp2 run vertex/twist.vp ") + flags);
        CHECK(r.exitStatus == 2);
        CHECK(r.out.empty());
        CHECK_FALSE(r.err.empty());
    }
    const auto vp1 = writeScratchFile("vp1range.vp", "!!VP1.0\nMOV o[HPOS], v[0];\nEND\n");
    const auto r = runLrtInProcess("vp2 run " + vp1.string() + " --param 96=1,2,3,4");
    CHECK(r.exitStatus == 2);
    CHECK_THAT(r.err, Catch::Contains("!!VP1.0 programs have c[0] to c[95]"));
}

TEST_CASE("vp2 run loads the constants a program declares in cgc's form, --param overrides them",
          "[cli][vp2]") {
    // Issue 31, defect 5. c[1] = (2, 0.5, 0, 1) and c[2] = (0.25, 0, 0, 1) (components left out
    // are y = z = 0, w = 1); HPOS = v[0] * c[1].y + c[0], COL0 = c[2].
    const json declared =
        jsonOutput(runLrtInProcess("vp2 run tests/data/cgc/scale_vp30.vp --attrib 0=2,4,6,1"));
    CHECK(declared["outputs"]["HPOS"] == json::array({1, 2, 3, 0.5}));
    CHECK(declared["outputs"]["COL0"] == json::array({0.25, 0, 0, 1}));
    const json overridden =
        jsonOutput(runLrtInProcess("vp2 run tests/data/cgc/scale_vp30.vp --attrib "
                                   "0=2,4,6,1 --param 0=1,1,1,1 --param 1=0,0.25,0"));
    CHECK(overridden["outputs"]["HPOS"] == json::array({1.5, 2, 2.5, 1.25}));
}

TEST_CASE("a .vp compiled by lrt cg runs on its own, as lrt cg run computes it", "[cli][vp2]") {
    // Issue 31, defect 5: the compiler's literals were comments the reader ignored, so the
    // compiled program read 0 where it needed (2, 4, 0, 1).
    const auto vp = lrt::testing::scratchPath("twist_compiled.vp");
    REQUIRE(runLrtInProcess("cg compile vertex/twist.cg --profile vp2 -o " + lrt::testing::q(vp))
                .exitStatus == 0);
    CHECK_THAT(lrt::testing::slurp(vp), Catch::Contains("#const c["));
    const std::string flags = " --attrib 0=0.3,0.4,0.5,1";
    const json compiled =
        jsonOutput(runLrtInProcess("cg run vertex/twist.cg --profile vp2" + flags));
    const json loaded = jsonOutput(runLrtInProcess("vp2 run " + lrt::testing::q(vp) + flags));
    CHECK(loaded["outputs"] == compiled["outputs"]);
}
