// `lrt card asm|dis|run` and `lrt cg compile|run --profile card` as docs/card.md specifies them:
// JSON on stdout, diagnostics on stderr, exit 1 for a bad card and 2 for bad flags, and no file
// left behind by a failed command.
#include "run_lrt.h"
#include "slvm/card/card_image.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

using lrt::testing::jsonOutput;
using lrt::testing::q;
using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::slurp;
using lrt::testing::writeScratchFile;
using nlohmann::json;

TEST_CASE("card asm writes a card image that card run evaluates", "[cli][card]") {
    const auto image = scratchPath("sphere.exr");
    std::filesystem::remove(image);
    const auto assembled = runLrt("card asm sdf/sphere.pc -o " + q(image));
    INFO(assembled.err);
    REQUIRE(assembled.exitStatus == 0);
    REQUIRE(std::filesystem::exists(image));
    // |(3, 4, 0)| - 1 = 4.
    const json j = jsonOutput(runLrt("card run " + q(image) + " --point 3,4,0"));
    CHECK(j["status"] == "ok");
    CHECK(j["distance"] == 4);
    CHECK(j["steps"] == 7);
    CHECK(j["registers"].size() == 10);
    CHECK(j["registers"]["rm1"][0] == 1); // the 1 the card subtracted
    CHECK(j["registers"]["rm0"].size() == 16);
    // The text runs as it is too, and the disassembly reassembles.
    CHECK(jsonOutput(runLrt("card run sdf/sphere.pc --point=0,0,0.5"))["distance"] == -0.5);
    const auto listing = runLrt("card dis " + q(image));
    REQUIRE(listing.exitStatus == 0);
    CHECK(listing.out.find("    dot") != std::string::npos);
    const auto again = writeScratchFile("again.pc", listing.out);
    CHECK(jsonOutput(runLrt("card run " + q(again) + " --point 0,2,0"))["distance"] == 1);
}

TEST_CASE("card run reports a card that runs out of budget or jumps astray", "[cli][card]") {
    const auto loop = writeScratchFile("loop.pc", "loop: mov pos, loop\n");
    const json limit =
        jsonOutput(runLrtInProcess("card run " + q(loop) + " --point 0,0,0 --budget 50"));
    CHECK(limit["status"] == "limit");
    CHECK(limit["steps"] == 50);
    const auto astray = writeScratchFile("astray.pc", "mov rf40, 3\nmov pos, rf40\n");
    CHECK(jsonOutput(runLrtInProcess("card run " + q(astray) + " --point 0,0,0"))["status"] ==
          "fault");
}

TEST_CASE("card commands exit 1 for a bad card, naming the place, and write nothing",
          "[cli][card]") {
    const auto bad = writeScratchFile("bad.pc", "in 0\nmvo rf1, 2\n");
    const auto output = scratchPath("bad.exr");
    std::filesystem::remove(output);
    const auto assembled = runLrtInProcess("card asm " + q(bad) + " -o " + q(output));
    CHECK(assembled.exitStatus == 1);
    CHECK(assembled.err.find("bad.pc:2:1: error: unknown instruction 'mvo'") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(output));
    // A malformed card image: the pixel is named.
    const auto card = scratchPath("nan.exr");
    slvm::card::writeCardImage(card, {"nan.exr", 3, 1, {3, 1, std::nanf("")}});
    const auto malformed = runLrtInProcess("card run " + q(card) + " --point 0,0,0");
    CHECK(malformed.exitStatus == 1);
    CHECK(malformed.err.find("nan.exr: error: pixel 2 (column 2, row 0 from the bottom): the "
                             "opcode must be a whole number, not nan") != std::string::npos);
    CHECK(malformed.out.empty());
    const auto run =
        runLrtInProcess("card run " + q(scratchPath("missing.exr")) + " --point 0,0,0");
    CHECK(run.exitStatus == 1);
    CHECK(run.err.find("cannot read the card image") != std::string::npos);
    const auto png = writeScratchFile("card.png", "not a png");
    CHECK(runLrtInProcess("card dis " + q(png)).exitStatus == 1);
}

TEST_CASE("card commands exit 2 for bad flags", "[cli][card]") {
    CHECK(runLrtInProcess("card run sdf/sphere.pc --point 1,2").exitStatus == 2);
    CHECK(runLrtInProcess("card run sdf/sphere.pc --point a,b,c").exitStatus == 2);
    CHECK(runLrtInProcess("card run sdf/sphere.pc").exitStatus == 2);
    CHECK(runLrtInProcess("card run sdf/sphere.pc --point 0,0,0 --budget 0").exitStatus == 2);
    CHECK(runLrtInProcess("card asm sdf/sphere.pc -o " + q(scratchPath("x.png"))).exitStatus == 2);
    CHECK(runLrtInProcess("card asm sdf/sphere.pc -o " + q(scratchPath("x.pfm"))).exitStatus == 2);
    CHECK(runLrtInProcess("card").exitStatus == 2);
    CHECK(runLrtInProcess("cg run sdf/sphere.cg --profile card").exitStatus == 2); // no --point
    CHECK(runLrtInProcess("cg run sdf/sphere.cg --profile card --point 0,0,0 --attrib 0=1,1,1")
              .exitStatus == 2);
    CHECK(runLrtInProcess("cg run sdf/sphere.cg --profile sl --point 0,0,0").exitStatus == 2);
}

TEST_CASE("cg compile --profile card writes a card image, or card text", "[cli][card][cg]") {
    const auto image = scratchPath("torus.exr");
    std::filesystem::remove(image);
    REQUIRE(runLrtInProcess("cg compile sdf/torus.cg --profile card -o " + q(image)).exitStatus ==
            0);
    // On the ring's centre line, 0.25 inside the tube.
    const json j = jsonOutput(runLrtInProcess("card run " + q(image) + " --point 0.7,0,0"));
    CHECK(j["distance"].get<double>() == Approx(-0.25).margin(1e-6));
    const auto text = runLrtInProcess("cg compile sdf/torus.cg --profile card -o -");
    REQUIRE(text.exitStatus == 0);
    CHECK(text.out.find("in 0") != std::string::npos);
    const json run = jsonOutput(
        runLrtInProcess("cg run sdf/sphere.cg --profile card --point 0,0,3 --uniform radius=2"));
    CHECK(run["distance"] == 1);
}

TEST_CASE("card run takes any source the compiler compiles for profile card", "[cli][card]") {
    // The one program loader (issue 31): a .cg or .t file is compiled where a card is expected.
    CHECK(jsonOutput(runLrtInProcess("card run sdf/sphere.cg --point 0,3,4"))["distance"] == 4);
    const auto sphere = writeScratchFile("sphere-run.t", "vector d = P * P;\n"
                                                         "v0 = sqrt(d.xxx + d.yyy + d.zzz) - 1;\n");
    CHECK(jsonOutput(runLrtInProcess("card run " + q(sphere) + " --point 0,0,3"))["distance"] == 2);
    const auto refused = runLrtInProcess("card run shaders/Lambert.sl --point 0,0,0");
    CHECK(refused.exitStatus == 1);
    CHECK_THAT(refused.err, Catch::Contains("cannot be a program of profile card"));
}
