// `lrt tl compile|run` as docs/t-language.md specifies them, with the conventions of `lrt cg`.
#include "run_lrt.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

using lrt::testing::jsonOutput;
using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::writeScratchFile;
using nlohmann::json;

TEST_CASE("tl run runs a T shader with the flags of sl run", "[cli][tl]") {
    // N.L = 0.8; dE = (1, 1, 1), C0 = (1, 0.5, 0.25), Kd = 0.5 (the default): 0.4 * C0.
    const json j = jsonOutput(runLrt("tl run shaders/Lambert.t --profile sl --set N=0,0,1 "
                                     "--set L=0,0.6,0.8 --set C0=1,0.5,0.25 --set dE=1,1,1"));
    CHECK(j["status"] == "ok");
    const auto& v0 = j["registers"]["v0"];
    CHECK(v0[0].get<double>() == Approx(0.4));
    CHECK(v0[1].get<double>() == Approx(0.2));
    CHECK(v0[2].get<double>() == Approx(0.1));
}

TEST_CASE("tl run without --profile runs on sl, as lrt sl run would", "[cli][tl]") {
    // Issue 31, defect 4: this exited 2 with "--profile is required".
    const json j =
        jsonOutput(runLrtInProcess("tl run shaders/Lambert.t --set N=0,0,1 --set L=0,0.6,0.8 "
                                   "--set C0=1,0.5,0.25 --set dE=1,1,1"));
    CHECK(j["registers"]["v0"][0].get<double>() == Approx(0.4));
    // --point says card.
    const auto sphere = writeScratchFile("sphere-infer.t", "v0 = sqrt(P.xxx * P.xxx + P.yyy * "
                                                           "P.yyy + P.zzz * P.zzz) - 1;\n");
    CHECK(jsonOutput(runLrtInProcess("tl run " + q(sphere) + " --point 0,0,3"))["distance"] == 2);
    // T has no vertex profile, so no vertex flags.
    CHECK(runLrtInProcess("tl run shaders/Lambert.t --attrib 0=1,2,3").exitStatus == 2);
}

TEST_CASE("tl compile writes SL or a card, and tl run --profile card evaluates", "[cli][tl]") {
    const auto text = runLrtInProcess("tl compile shaders/Lambert.t --profile sl -o -");
    REQUIRE(text.exitStatus == 0);
    CHECK(text.out.rfind("sl 1.0", 0) == 0); // SL assembly, from its header
    CHECK(text.out.find("mul") != std::string::npos);
    const auto sphere = writeScratchFile(
        "sphere.t", "vector d = P * P;\nd = d.xxx + d.yyy + d.zzz;\nv0 = sqrt(d) - 1;\n");
    const auto card = scratchPath("sphere-t.exr");
    REQUIRE(
        runLrtInProcess("tl compile " + q(sphere) + " --profile card -o " + q(card)).exitStatus ==
        0);
    CHECK(jsonOutput(runLrtInProcess("card run " + q(card) + " --point 0,3,4"))["distance"] == 4);
    CHECK(jsonOutput(runLrtInProcess("tl run " + q(sphere) +
                                     " --profile card --point 0,0,2"))["distance"] == 1);
}

TEST_CASE("tl exits 1 for a bad program and 2 for bad flags", "[cli][tl]") {
    const auto bad = writeScratchFile("bad.t", "vector a;\nv0 = b;\n");
    const auto failed = runLrtInProcess("tl compile " + q(bad) + " --profile sl -o -");
    CHECK(failed.exitStatus == 1);
    CHECK(failed.err.find("bad.t:2:6: error: unknown variable 'b'") != std::string::npos);
    CHECK(runLrtInProcess("tl compile shaders/Lambert.t --profile vp2").exitStatus == 2);
    CHECK(runLrtInProcess("tl compile shaders/Lambert.t --profile sl --entry main").exitStatus ==
          2);
    CHECK(runLrtInProcess("tl run shaders/Lambert.t --profile sl --point 0,0,0").exitStatus == 2);
    CHECK(runLrtInProcess("tl run shaders/Lambert.t --profile card").exitStatus == 2);
}

TEST_CASE("tl run runs the specification's appendix examples", "[cli][tl]") {
    const json cramer =
        jsonOutput(runLrtInProcess("tl run examples/t-language/cramer.t --profile sl"));
    CHECK(cramer["registers"]["v0"][0].get<double>() == Approx(-15));
    CHECK(cramer["registers"]["v0"][1].get<double>() == Approx(8));
    CHECK(cramer["registers"]["v0"][2].get<double>() == Approx(2));
    const json plane =
        jsonOutput(runLrtInProcess("tl run examples/t-language/plane.t --profile sl"));
    CHECK(plane["registers"]["v0"][0].get<double>() == Approx(-16 / std::sqrt(24.0)));
}
