// `lrt sl asm|dis|run` as docs/sl.md specifies them.
#include "run_lrt.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using lrt::testing::jsonOutput;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::writeScratchFile;
using nlohmann::json;
namespace fs = std::filesystem;

TEST_CASE("sl run prints the FullAttenuated result as JSON", "[cli][sl]") {
    const json j = jsonOutput(
        runLrt("sl run shaders/FullAttenuated.sl --set N=0,0,1 --set L=0,0,1 --set V=0,0,1 "
               "--set C0=1,0.5,0.25 --set dE=1,1,1"));
    CHECK(j["status"] == "ok");
    CHECK(j["executed"] == 22);
    // N.L = 1, H = N so N.H^80 = 1: k = 0.5 + 0.5 = 1, v0 = C0 * dE, w of v0 untouched.
    CHECK(j["registers"]["v0"] == json::array({1, 0.5, 0.25, 0}));
    CHECK(j["registers"]["C0"] == json::array({1, 0.5, 0.25, 1}));
    CHECK(j["registers"]["s0"] == 0.25);
    CHECK(j["registers"]["Kd"] == 0.5);
    CHECK(j["registers"]["S"] == 80);
    CHECK(j["registers"].size() == 38);
    CHECK(j["registers"].contains("P"));
}

TEST_CASE("sl run accepts --opt=value and four-component vectors", "[cli][sl]") {
    const json j = jsonOutput(
        runLrtInProcess("sl run shaders/Constant.sl --set=C0=0.1,0.2,0.3,0.4 --budget=10"));
    CHECK(j["registers"]["C0"] ==
          json::array({0.100000001, 0.200000003, 0.300000012, 0.400000006}));
    // %.9g round-trips floats: 0.1f prints as 0.100000001.
    CHECK_THAT(runLrtInProcess("sl run shaders/Constant.sl --set C0=0.1,0.2,0.3").out,
               Catch::Contains("\"v0\": [0.100000001, 0.200000003, 0.300000012, 0]"));
}

TEST_CASE("sl run reports budget exhaustion", "[cli][sl]") {
    const fs::path shader = writeScratchFile("loop.sl", "sl 1.0\njmp -1\n");
    const json j = jsonOutput(runLrtInProcess("sl run '" + shader.string() + "' --budget 500"));
    CHECK(j["status"] == "budget");
    CHECK(j["executed"] == 500);
}

TEST_CASE("sl run prints non-finite values as strings", "[cli][sl]") {
    const fs::path shader =
        writeScratchFile("inf.sl", "sl 1.0\nli s1, 1\ndiv s0, s1, s2\ndiv s2, s2, s2\nli s3, -1\n"
                                   "div s3, s3, v1\n");
    const json j = jsonOutput(runLrtInProcess("sl run '" + shader.string() + "'"));
    CHECK(j["registers"]["s0"] == "inf");
    CHECK(j["registers"]["s2"] == "nan");
    CHECK(j["registers"]["s3"] == "-inf");
}

TEST_CASE("sl run: trace returns --trace-result, lookup the tN register", "[cli][sl]") {
    const fs::path shader =
        writeScratchFile("trace.sl", "sl 1.0\ntrace r0, Pw, N\nlookup r1, t2, uv\n");
    const json j = jsonOutput(runLrtInProcess("sl run '" + shader.string() +
                                              "' --trace-result 0.5,0.25,2 --set t2=3,4,5"));
    CHECK(j["registers"]["r0"] == json::array({0.5, 0.25, 2, 0}));
    CHECK(j["registers"]["r1"] == json::array({3, 4, 5, 0}));
    const json none = jsonOutput(runLrtInProcess("sl run '" + shader.string() + "'"));
    CHECK(none["registers"]["r0"] == json::array({0, 0, 0, 0}));
}

TEST_CASE("sl run rnd draws from a seeded stream within 0..1", "[cli][sl]") {
    const fs::path shader = writeScratchFile("rnd.sl", "sl 1.0\nrnd s0\nrnd s1\n");
    const json a = jsonOutput(runLrtInProcess("sl run '" + shader.string() + "'"));
    const json b = jsonOutput(runLrtInProcess("sl run '" + shader.string() + "'"));
    const json c = jsonOutput(runLrtInProcess("sl run '" + shader.string() + "' --seed 9"));
    CHECK(a["registers"]["s0"] == b["registers"]["s0"]);
    CHECK(a["registers"]["s0"] != a["registers"]["s1"]);
    CHECK(a["registers"]["s0"] != c["registers"]["s0"]);
    for (const json* j : {&a, &c}) {
        CHECK((*j)["registers"]["s0"].get<double>() >= 0.0);
        CHECK((*j)["registers"]["s0"].get<double>() < 1.0);
    }
}

TEST_CASE("sl asm writes bytecode that dis and run read back", "[cli][sl]") {
    const fs::path slc = scratchPath("full.slc");
    const auto assembled =
        runLrtInProcess("sl asm shaders/FullAttenuated.sl -o '" + slc.string() + "'");
    REQUIRE(assembled.exitStatus == 0);
    CHECK(fs::file_size(slc) == 16 + 22 * 8);
    const auto listing = runLrtInProcess("sl dis '" + slc.string() + "'");
    CHECK(listing.exitStatus == 0);
    CHECK_THAT(listing.out, Catch::StartsWith("sl 1.0\n"));
    CHECK_THAT(listing.out, Catch::Contains("    pow s1, s1, S\n"));
    const std::string flags =
        " --set N=0,0,1 --set L=0,0,1 --set V=0,0,1 --set C0=1,0.5,0.25 --set dE=1,1,1";
    CHECK(runLrtInProcess("sl run '" + slc.string() + "'" + flags).out ==
          runLrtInProcess("sl run shaders/FullAttenuated.sl" + flags).out);
}

TEST_CASE("sl asm writes FILE.slc beside FILE.sl by default", "[cli][sl]") {
    const fs::path source = writeScratchFile("beside.sl", "sl 1.0\nmov v0, C0\n");
    REQUIRE(runLrtInProcess("sl asm '" + source.string() + "'").exitStatus == 0);
    CHECK(fs::exists(scratchPath("beside.slc")));
}

TEST_CASE("a broken shader exits 1 with diagnostics and no JSON or output file", "[cli][sl]") {
    const fs::path source = writeScratchFile("broken.sl", "sl 1.0\nmov N, C0\nbogus\n");
    const auto run = runLrtInProcess("sl run '" + source.string() + "'");
    CHECK(run.exitStatus == 1);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Catch::Contains("broken.sl:2:5: error: register 'N' is read-only"));
    CHECK_THAT(run.err, Catch::Contains("broken.sl:3:1: error: unknown opcode 'bogus'"));
    const fs::path slc = scratchPath("broken.slc");
    CHECK(
        runLrtInProcess("sl asm '" + source.string() + "' -o '" + slc.string() + "'").exitStatus ==
        1);
    CHECK_FALSE(fs::exists(slc));
    const auto missing = runLrtInProcess("sl run does-not-exist.sl");
    CHECK(missing.exitStatus == 1);
    CHECK_THAT(missing.err, Catch::Contains("does-not-exist.sl: error: no such shader file"));
}

TEST_CASE("a corrupt .slc exits 1", "[cli][sl]") {
    const fs::path slc = scratchPath("corrupt.slc");
    std::ofstream(slc, std::ios::binary) << std::string("SLC\x1a\x01\x00\x00\x00\x05", 9);
    const auto r = runLrtInProcess("sl dis '" + slc.string() + "'");
    CHECK(r.exitStatus == 1);
    CHECK_THAT(r.err, Catch::Contains("shorter than the 16-byte header"));
}

TEST_CASE("malformed flag values exit 2", "[cli][sl]") {
    for (const char* flags :
         {"--set X=1", "--set C0=1,2", "--set Kd=1,2,3", "--set C0", "--set C0=a,b,c",
          "--set C0=1,2,3,4,5", "--trace-result 1,2", "--budget -5", "--budget x",
          "--texture 9=a.png", "--texture x", "--seed -1"}) {
        INFO("flags: " << flags);
        const auto r = runLrtInProcess(std::string("sl run shaders/Constant.sl ") + flags);
        CHECK(r.exitStatus == 2);
        CHECK(r.out.empty());
        CHECK_FALSE(r.err.empty());
    }
}

TEST_CASE("sl run takes a Cg or T-Language shader and runs what it compiles to", "[cli][sl]") {
    // The one program loader (issue 31): the same registers as `lrt cg run --profile sl`.
    const std::string registers = " --set N=0,0,1 --set L=0,0.6,0.8 --set C0=1,0.5,0.25 "
                                  "--set dE=1,1,1";
    for (const char* shader : {"shaders/Lambert.cg", "shaders/Lambert.t", "shaders/Lambert.sl"}) {
        INFO(shader);
        const auto j = jsonOutput(runLrtInProcess(std::string("sl run ") + shader + registers));
        CHECK(j["registers"]["v0"][0].get<double>() == Approx(0.4));
    }
}
