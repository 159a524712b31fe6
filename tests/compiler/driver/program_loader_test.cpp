// The program loader: every format lrt reads, as the profiles it serves, through one call; and
// what it refuses, with the reason.
#include "compiler/driver/program_loader.h"
#include "slvm/sl/assembler.h"
#include "slvm/sl/bytecode.h"
#include "tests/scratch_directory.h"

#include <catch2/catch.hpp>
#include <fstream>

namespace {

const std::filesystem::path kSource = LRT_SOURCE_DIR;

compiler::CompiledProgram load(const std::filesystem::path& path, const char* profile,
                               std::map<std::string, std::vector<float>> uniforms = {}) {
    compiler::CompileOptions options;
    options.profile = compiler::requireProfile(profile).id;
    options.uniformValues = std::move(uniforms);
    options.searchPath = {path.parent_path()};
    return compiler::loadProgram(path, options);
}

std::string refusal(const std::filesystem::path& path, const char* profile,
                    std::map<std::string, std::vector<float>> uniforms = {}) {
    try {
        load(path, profile, std::move(uniforms));
    } catch (const std::exception& e) {
        return e.what();
    }
    return "(loaded)";
}

} // namespace

TEST_CASE("one loader reads every program format as the profile asked for", "[compiler][loader]") {
    CHECK(load(kSource / "shaders/Lambert.sl", "sl").sl());
    CHECK(load(kSource / "shaders/Lambert.cg", "sl").sl());
    CHECK(load(kSource / "shaders/Lambert.t", "sl").sl());
    CHECK(load(kSource / "shaders/Marble.cg", "sl", {{"veinFrequency", {3}}}).sl());
    CHECK(load(kSource / "vertex/twist.vp", "vp2").vertex());
    CHECK(load(kSource / "vertex/twist.cg", "vp2").vertex());
    CHECK(load(kSource / "vertex/twist.cg", "vp1.1").vertex());
    CHECK(load(kSource / "sdf/sphere.exr", "card").card());
    CHECK(load(kSource / "sdf/sphere.pc", "card").card());
    CHECK(load(kSource / "sdf/sphere.cg", "card").card());
    // Extensions in any case.
    const lrt::testing::ScratchDirectory scratch("lrt_loader_test_");
    std::filesystem::copy_file(kSource / "shaders/Lambert.t", scratch / "UPPER.T");
    CHECK(load(scratch / "UPPER.T", "sl").sl());
    // .slc bytecode, written by the assembler.
    const auto bytecode =
        slvm::sl::writeSlc(slvm::sl::assemble("sl 1.0\nli s0, 2\n", "t.sl").program());
    std::ofstream(scratch / "two.slc", std::ios::binary)
        .write(reinterpret_cast<const char*>(bytecode.data()),
               static_cast<std::streamsize>(bytecode.size()));
    CHECK(load(scratch / "two.slc", "sl").sl());
}

TEST_CASE("a file no format owns is read as the profile's own text", "[compiler][loader]") {
    const lrt::testing::ScratchDirectory scratch("lrt_loader_test_");
    std::ofstream(scratch / "shader.txt") << "sl 1.0\nli s0, 2\n";
    std::ofstream(scratch / "program.txt") << "!!VP2.0\nMOV o[HPOS], v[0];\nEND\n";
    std::ofstream(scratch / "card.txt") << "mov rf0, 2\n";
    CHECK(load(scratch / "shader.txt", "sl").sl());
    CHECK(load(scratch / "program.txt", "vp2").vertex());
    CHECK(load(scratch / "card.txt", "card").card());
}

TEST_CASE("the loader says why a format cannot serve a profile", "[compiler][loader]") {
    CHECK_THAT(refusal(kSource / "shaders/Lambert.t", "vp2"),
               Catch::Contains("this T-Language source (.t) cannot be a program of profile vp2: it "
                               "serves sl, card; profile vp2 takes .cg, .vp"));
    CHECK_THAT(refusal(kSource / "shaders/Lambert.sl", "card"),
               Catch::Contains("this SL assembly (.sl) cannot be a program of profile card"));
    CHECK_THAT(refusal(kSource / "vertex/twist.vp", "sl"),
               Catch::Contains("profile sl takes .slc, .sl, .cg, .t"));
    CHECK_THAT(refusal(kSource / "shaders/Lambert.sl", "sl", {{"gain", {2}}}),
               Catch::Contains("has no uniforms to give values to (uniform 'gain')"));
    CHECK_THAT(refusal(kSource / "shaders/Lambert.t", "sl", {{"gain", {2}}}),
               Catch::Contains("has no uniforms"));
    CHECK_THAT(refusal(kSource / "shaders/Lambert.sl", "ps_2_0"),
               Catch::Contains("unknown profile 'ps_2_0'"));
    CHECK_THAT(refusal(kSource / "shaders/Missing.cg", "sl"), Catch::Contains("Missing.cg"));
}

TEST_CASE("each profile's extensions come from the one table, in search order",
          "[compiler][loader]") {
    using Extensions = std::vector<std::string_view>;
    CHECK(compiler::extensionsFor(compiler::ProfileId::Sl) ==
          Extensions{".slc", ".sl", ".cg", ".t"});
    CHECK(compiler::extensionsFor(compiler::ProfileId::Vp2) == Extensions{".cg", ".vp"});
    CHECK(compiler::extensionsFor(compiler::ProfileId::Card) ==
          Extensions{".cg", ".t", ".pc", ".exr", ".tif", ".tiff", ".pfm"});
    REQUIRE(compiler::programFormatOf("a/b.CG"));
    CHECK(compiler::programFormatOf("a/b.CG")->hasUniforms);
    CHECK(compiler::programFormatOf("b.lrt") == nullptr);
}
