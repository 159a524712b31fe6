// `lrt cg compile|run` as docs/cg.md specifies them.
#include "run_lrt.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

using lrt::testing::jsonOutput;
using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::slurp;
using lrt::testing::writeScratchFile;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const char* const kLambert = R"(// Lambert: dE * C0 * Kd * max(0, N.L)
float3 main(float3 N : N, float3 L : L, float3 dE : dE, float3 color : C0, float Kd : Kd) : COLOR
{
    return dE * color * Kd * max(0, dot(N, L));
}
)";

const char* const kScale = R"(uniform float gain = 2;
float4 main(float4 p : POSITION, uniform float4 offset : C4) : POSITION
{
    return p * gain + offset;
}
)";

} // namespace

TEST_CASE("cg run runs a surface shader with the flags and JSON of sl run", "[cli][cg]") {
    const fs::path shader = writeScratchFile("lambert.cg", kLambert);
    const json j =
        jsonOutput(runLrt("cg run " + q(shader) +
                          " --profile sl --set N=0,0,1 --set L=0,0.6,0.8 --set C0=1,0.5,0.25 "
                          "--set dE=2,2,2 --set Kd=1"));
    // N.L = 0.8: (2, 2, 2) * (1, 0.5, 0.25) * 0.8.
    CHECK(j["status"] == "ok");
    CHECK(j["registers"]["v0"] == json::array({1.60000002, 0.800000012, 0.400000006, 0}));
    CHECK(j["registers"].size() == 38);
    // The same numbers as the hand-written Lambert.sl.
    const json sl = jsonOutput(runLrt("sl run shaders/Lambert.sl --set N=0,0,1 --set L=0,0.6,0.8 "
                                      "--set C0=1,0.5,0.25 --set dE=2,2,2 --set Kd=1"));
    CHECK(sl["registers"]["v0"] == j["registers"]["v0"]);
}

TEST_CASE("cg run runs a vertex program with the flags and JSON of vp2 run", "[cli][cg]") {
    const fs::path program = writeScratchFile("scale.cg", kScale);
    for (const char* profile : {"vp1.1", "vp2"}) {
        INFO("profile " << profile);
        const json j =
            jsonOutput(runLrtInProcess("cg run " + q(program) + " --profile " + profile +
                                       " --attrib 0=1,2,3,1 --param 4=0.5,0,0,0 --uniform gain=3"));
        CHECK(j["status"] == "ok");
        CHECK(j["outputs"]["HPOS"] == json::array({3.5, 6, 9, 3}));
    }
}

TEST_CASE("cg compile writes the assembly with its source lines, or the IR", "[cli][cg]") {
    const fs::path shader = writeScratchFile("lambert_compile.cg", kLambert);
    const fs::path output = scratchPath("lambert_compiled.sl");
    fs::remove(output);
    const auto r = runLrtInProcess("cg compile " + q(shader) + " --profile sl -o " + q(output));
    INFO(r.err);
    REQUIRE(r.exitStatus == 0);
    const std::string text = slurp(output);
    CHECK(text.starts_with("sl 1.0\n"));
    CHECK_THAT(
        text, Catch::Contains("lambert_compile.cg:4: return dE * color * Kd * max(0, dot(N, L));"));
    CHECK_THAT(text, Catch::Contains("dp3"));
    // The compiled file is an ordinary SL shader.
    CHECK(runLrtInProcess("sl run " + q(output)).exitStatus == 0);
    // Without -o: beside the source, with the target's extension.
    const fs::path program = writeScratchFile("scale_compile.cg", kScale);
    REQUIRE(
        runLrtInProcess("cg compile " + q(program) + " --profile vp2 --set gain=5").exitStatus ==
        0);
    const std::string vp = slurp(scratchPath("scale_compile.vp"));
    CHECK(vp.starts_with("!!VP2.0\n"));
    CHECK_THAT(vp, Catch::Contains("# c[4]: uniform offset"));
    CHECK_THAT(vp, Catch::Contains("# c[0]: uniform gain"));
    CHECK(vp.ends_with("END\n"));
    const auto ir = runLrtInProcess("cg compile " + q(shader) + " --profile sl --emit ir -o -");
    CHECK(ir.exitStatus == 0);
    CHECK_THAT(ir.out, Catch::Contains("Output v0 %"));
}

TEST_CASE("cg reports a bad program with exit 1 and a bad flag with exit 2", "[cli][cg]") {
    const fs::path bad =
        writeScratchFile("bad.cg", "float3 main(float3 N : N) : COLOR {\n    return N.xyq;\n}\n");
    const auto compile = runLrtInProcess("cg compile " + q(bad) + " --profile sl -o -");
    CHECK(compile.exitStatus == 1);
    CHECK(compile.out.empty());
    CHECK_THAT(compile.err,
               Catch::Contains("bad.cg:2:14: error: '.xyq' is not a swizzle of float3"));
    CHECK_THAT(compile.err, Catch::Contains("        return N.xyq;"));
    CHECK(runLrtInProcess("cg run " + q(bad) + " --profile sl").exitStatus == 1);
    const fs::path good = writeScratchFile("good.cg", kLambert);
    CHECK(runLrtInProcess("cg compile " + q(good) + " --profile ps_2_0").exitStatus == 2);
    CHECK(runLrtInProcess("cg compile " + q(good)).exitStatus == 2); // --profile is required
    CHECK(runLrtInProcess("cg compile " + q(good) + " --profile sl --set gain").exitStatus == 2);
    CHECK(runLrtInProcess("cg run " + q(good) + " --profile sl --set N=1,2").exitStatus == 2);
    CHECK(runLrtInProcess("cg run " + q(good) + " --profile sl --attrib 0=1,2,3").exitStatus == 2);
    CHECK(runLrtInProcess("cg run " + q(good) + " --profile vp2 --trace-result 1,1,1").exitStatus ==
          2);
    CHECK(runLrtInProcess("cg compile " + q(scratchPath("missing.cg")) + " --profile sl")
              .exitStatus == 1);
    // A value for a uniform the program does not have is an error, not silently ignored.
    const auto unknown =
        runLrtInProcess("cg compile " + q(good) + " --profile sl --set brightness=2 -o -");
    CHECK(unknown.exitStatus == 1);
    CHECK_THAT(unknown.err, Catch::Contains("no uniform of that name"));
}

TEST_CASE("a Cg literal outside float's range is an error at its column, exit 1", "[cli][cg]") {
    // Issue 31, defect 2: this ended in "internal error (a bug in lrt, please report it): stod",
    // exit 4.
    for (const char* literal : {"0.1e-385", "1e400"}) {
        INFO(literal);
        const fs::path bad = writeScratchFile(
            "range.cg",
            fmt::format("float3 main(float3 N : N) : COLOR {{\n    return N * {};\n}}\n", literal));
        const auto r = runLrtInProcess("cg compile " + q(bad) + " --profile sl -o -");
        CHECK(r.exitStatus == 1);
        CHECK_THAT(r.err,
                   Catch::Contains(fmt::format("range.cg:2:16: error: number '{}'", literal)));
        CHECK_THAT(r.err, !Catch::Contains("internal error"));
    }
}

TEST_CASE("cg compile --profile card takes Cg's usual entry, main, when there is no sdf",
          "[cli][cg]") {
    // Issue 31, defect 3: this was refused with "no entry function 'sdf'".
    const fs::path source =
        writeScratchFile("main_sdf.cg", "float main(float3 p) {\n    return length(p) - 1;\n}\n");
    const fs::path card = scratchPath("main_sdf.exr");
    const auto compiled =
        runLrtInProcess("cg compile " + q(source) + " --profile card -o " + q(card));
    INFO(compiled.err);
    REQUIRE(compiled.exitStatus == 0);
    CHECK(jsonOutput(runLrtInProcess("card run " + q(card) + " --point 0,3,4"))["distance"] == 4);
    CHECK(jsonOutput(runLrtInProcess("cg run " + q(source) +
                                     " --profile card --point 0,0,2"))["distance"] == 1);
    // With both, sdf is the entry; --entry still chooses.
    const fs::path both = writeScratchFile(
        "both_sdf.cg", "float main(float3 p) {\n    return 7;\n}\nfloat sdf(float3 p) {\n"
                       "    return 5;\n}\n");
    CHECK(jsonOutput(runLrtInProcess("cg run " + q(both) +
                                     " --profile card --point 0,0,0"))["distance"] == 5);
    CHECK(jsonOutput(runLrtInProcess("cg run " + q(both) +
                                     " --profile card --entry main --point 0,0,0"))["distance"] ==
          7);
    const fs::path neither =
        writeScratchFile("neither_sdf.cg", "float f(float3 p) {\n    return 7;\n}\n");
    CHECK_THAT(runLrtInProcess("cg compile " + q(neither) + " --profile card -o -").err,
               Catch::Contains("no entry function: profile card starts in 'sdf', or else 'main'"));
}

TEST_CASE("cg run without --profile runs the profile its flags belong to", "[cli][cg]") {
    // Issue 31, defect 4 (for Cg as for T): run infers sl, or vp2 from --attrib/--param, or card
    // from --point.
    const fs::path lambert = writeScratchFile("infer.cg", kLambert);
    const json shaded =
        jsonOutput(runLrtInProcess("cg run " + q(lambert) + " --set N=0,0,1 --set L=0,0,1"));
    CHECK(shaded.contains("registers"));
    const json vertex =
        jsonOutput(runLrtInProcess("cg run vertex/twist.cg --attrib 0=0.3,0.4,0.5,1"));
    CHECK(vertex.contains("outputs"));
}
