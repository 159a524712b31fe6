// --vm on every command that runs programs: compiled and interpreted runs print the same JSON and
// render the same image, the default is the compiled one, --stats says which ran and how many
// programs were compiled, and a bad value is a usage error.
#include "renderer/image/image_file.h"
#include "tests/cli/run_lrt.h"

#include <catch2/catch.hpp>

namespace {

using lrt::testing::runLrt;
using lrt::testing::runLrtInProcess;
using lrt::testing::scratchPath;
using lrt::testing::slurp;

// The command with each --vm, and without one; all must succeed with the same output.
void requireSameOutput(const std::string& command) {
    INFO(command);
    const auto compiled = runLrtInProcess(command + " --vm jit");
    const auto interpreted = runLrtInProcess(command + " --vm interpreter");
    const auto byDefault = runLrtInProcess(command);
    INFO(compiled.err << interpreted.err);
    REQUIRE(compiled.exitStatus == 0);
    REQUIRE(interpreted.exitStatus == 0);
    CHECK(compiled.out == interpreted.out);
    CHECK(byDefault.out == compiled.out);
    CHECK(compiled.out.find("\"status\"") != std::string::npos);
}

TEST_CASE("every run subcommand prints the same JSON compiled and interpreted", "[cli][jit]") {
    const std::string lighting = " --set N=0,0,1 --set L=0,0.6,0.8 --set V=0.3,0,0.95 "
                                 "--set C0=0.8,0.5,0.2 --set dE=1,1,1 --set P=0.3,0.7,0.1";
    for (const char* shader : {"FullAttenuated.sl", "Marble.sl", "Gooch.sl", "Mirror.sl"})
        requireSameOutput(std::string("sl run shaders/") + shader + lighting +
                          " --trace-result 0.1,0.2,0.3");
    requireSameOutput("sl run shaders/FullAttenuated.sl --budget 9" + lighting); // cut short
    requireSameOutput("cg run shaders/Marble.cg" + lighting);
    requireSameOutput("tl run shaders/Lambert.t" + lighting);
    for (const char* program : {"ripple.vp", "skin.vp", "cutaway.vp", "morph.vp"})
        requireSameOutput(std::string("vp2 run vertex/") + program +
                          " --attrib 0=0.5,0.2,-0.3 --attrib 2=0,0,1 --param 4=0.1,0.2,0.3");
    requireSameOutput("cg run vertex/ripple.cg --profile vp2 --attrib 0=0.5,0.2,-0.3");
    for (const char* card : {"torus.exr", "sponge.exr", "sphere.pc"})
        requireSameOutput(std::string("card run sdf/") + card + " --point 0.3,-0.4,0.2");
    requireSameOutput("card run sdf/sponge.exr --point 0.3,-0.4,0.2 --budget 50");
    requireSameOutput("cg run sdf/box.cg --profile card --point 0.3,-0.4,0.2");
}

TEST_CASE("lrt render and lrt debug take --vm, and --stats says what ran", "[cli][jit]") {
    for (const char* vm : {"jit", "interpreter"}) {
        const auto stats = scratchPath(std::string("vm-stats-") + vm + ".json");
        const auto image = scratchPath(std::string("vm-") + vm + ".exr");
        const auto r =
            runLrt("render scenes/sdf_gallery.lrt --quick --spp 1 --quiet --vm " + std::string(vm) +
                   " -o '" + image.string() + "' --stats '" + stats.string() + "'");
        REQUIRE(r.exitStatus == 0);
        const auto report = nlohmann::json::parse(slurp(stats));
        const auto& frame = report.contains("frames") ? report["frames"][0] : report;
        CHECK(frame["vm"] == vm);
        if (std::string(vm) == "jit") {
            CHECK(frame["jit_programs"].get<int>() >= 8); // seven cards and the shaders
            CHECK(frame["jit_compile_seconds"].get<double>() > 0);
        } else {
            CHECK(frame["jit_programs"] == 0);
        }
    }
    // The pixels (the metadata holds each command line).
    CHECK(lrt::readImage(scratchPath("vm-jit.exr")).pixels ==
          lrt::readImage(scratchPath("vm-interpreter.exr")).pixels);
    requireSameOutput("debug scenes/shaders.lrt --pixel 320,240");
}

TEST_CASE("a bad --vm is a usage error that names the choices", "[cli][jit]") {
    for (const char* command : {"render scenes/cornell.lrt -o x.png", "sl run shaders/Lambert.sl",
                                "vp2 run vertex/ripple.vp", "card run sdf/torus.exr --point 0,0,0",
                                "debug scenes/cornell.lrt --pixel 1,1"}) {
        INFO(command);
        const auto r = runLrtInProcess(std::string(command) + " --vm llvm");
        CHECK(r.exitStatus == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains("--vm"));
        CHECK_THAT(r.err, Catch::Contains("jit"));
    }
}

} // namespace
