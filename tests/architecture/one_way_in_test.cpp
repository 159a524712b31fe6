// One way in (issue 31): program files and scene files are recognised only by their tables
// (compiler/driver/program_loader.cpp's formats, compiler/driver/compile.cpp's profiles,
// renderer/import/scene_file.cpp's readers), so no other source spells a program or scene
// extension (neither to compare a file's with it nor in a list of its own, which would be a second
// table), or compares a profile's name with a string. Tests make temporary files only through
// tests/scratch_directory.h, which removes them. The renderer and the commands run programs
// through the VMs' executors, which alone choose compiled code or the interpreter, and find AOV
// channels through the AOV layer table. The scene builder fills scenes and the build cache through
// their interfaces, and keys shape statements in one place.
#include "renderer/description/aov_selection.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = LRT_SOURCE_DIR;

// Every line of every C++ file under `folders`, with where it is.
struct Line {
    std::string where;
    std::string text;
};
std::vector<Line> linesOf(std::initializer_list<const char*> folders) {
    std::vector<Line> lines;
    for (const char* folder : folders)
        for (const auto& entry : fs::recursive_directory_iterator(kSource / folder)) {
            const std::string extension = entry.path().extension().string();
            if (extension != ".cpp" && extension != ".h")
                continue;
            std::ifstream in(entry.path());
            std::string text;
            for (int number = 1; std::getline(in, text); ++number)
                lines.push_back(
                    {fs::relative(entry.path(), kSource).string() + ":" + std::to_string(number),
                     text});
        }
    return lines;
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("program and scene files are told apart by their tables alone", "[architecture]") {
    const std::vector<std::string> tables = {"compiler/driver/program_loader.cpp",
                                             "compiler/driver/compile.cpp",
                                             "renderer/import/scene_file.cpp"};
    const std::vector<std::string_view> owned = {"\".slc\"",  "\".sl\"",   "\".cg\"",  "\".t\"",
                                                 "\".vp\"",   "\".pc\"",   "\".lrt\"", "\".rib\"",
                                                 "\".pbrt\"", "\".gltf\"", "\".glb\""};
    // Places that name one row of a table by its key, not a list of their own: `lrt cg` and
    // `lrt tl` name their language's format row, and `lrt sl asm` names the bytecode it writes.
    const std::vector<std::string> rowReferences = {"cli/compiler_command.cpp",
                                                    "cli/sl_command.cpp"};
    for (const Line& line : linesOf({"slvm", "compiler", "renderer", "cli"})) {
        if (std::ranges::any_of(tables,
                                [&](const std::string& t) { return line.where.starts_with(t); }))
            continue;
        const std::string code = line.text.substr(0, line.text.find("//")); // comments may cite
        const bool spellsExtension =
            std::ranges::any_of(owned, [&](std::string_view e) { return contains(code, e); }) &&
            std::ranges::none_of(rowReferences,
                                 [&](const std::string& r) { return line.where.starts_with(r); });
        const bool comparesProfile = contains(code, "profile == \"") ||
                                     contains(code, "profile != \"") ||
                                     contains(code, "name() == \"");
        INFO(line.where << ": " << line.text);
        CHECK_FALSE(spellsExtension);
        CHECK_FALSE(comparesProfile);
    }
}

TEST_CASE("tests make temporary files only in a ScratchDirectory", "[architecture]") {
    for (const Line& line : linesOf({"tests"})) {
        if (line.where.starts_with("tests/scratch_directory") ||
            line.where.starts_with("tests/architecture/one_way_in_test.cpp"))
            continue;
        INFO(line.where << ": " << line.text
                        << "\n(use lrt::testing::ScratchDirectory, which removes its files)");
        CHECK_FALSE(contains(line.text, "temp_directory_path"));
        CHECK_FALSE(contains(line.text, "mkdtemp"));
        CHECK_FALSE(contains(line.text, "tmpnam"));
    }
}

TEST_CASE("AOV channels are found through the layer table alone", "[architecture]") {
    // renderer/description/aov_selection.h's kAovLayers places every layer's channels; a number
    // written for one elsewhere would drift when a layer is added.
    for (const Line& line : linesOf({"renderer", "cli"})) {
        if (line.where.starts_with("renderer/description/aov_selection"))
            continue;
        const std::string code = line.text.substr(0, line.text.find("//"));
        bool numbered = false;
        for (const char* index : {"aov[", "aovs.channels + ", "aovs.channels * "})
            for (std::size_t at = code.find(index); at != std::string::npos;
                 at = code.find(index, at + 1)) {
                const std::size_t after = at + std::string_view(index).size();
                numbered = numbered || (after < code.size() && std::isdigit(code[after]));
            }
        // Nor is a layer's channel found by its name: the denoiser and the EXR reader and writer
        // go through the table (issue 53).
        bool named = false;
        for (const lrt::AovLayer& layer : lrt::kAovLayers)
            for (int c = 0; c < layer.count; ++c)
                named =
                    named ||
                    contains(code, "\"" + std::string(layer.channels[static_cast<std::size_t>(c)]) +
                                       "\"");
        INFO(line.where << ": " << line.text << "\n(name the channel: kAlbedoChannel, ...)");
        CHECK_FALSE(numbered);
        CHECK_FALSE(named);
    }
}

TEST_CASE("whether a program runs compiled is chosen by the VMs' executors alone",
          "[architecture]") {
    // Each VM's Executor (slvm/jit/executor.h) applies the one rule; the renderer and the
    // commands hold executors and never compile a program themselves.
    for (const Line& line : linesOf({"renderer", "cli"})) {
        INFO(line.where << ": " << line.text << "\n(use the VM's Executor)");
        for (const char* compile :
             {"NativeProgram::compile", "NativeVertexProgram::compile", "NativeCard::compile"})
            CHECK_FALSE(contains(line.text, compile));
    }
}

// Issue 53: the builder fills the scene through Scene::Parts and the cache through take and keep;
// what a shape statement makes is keyed in one place, which checks every field it may read; a
// shape says itself whether it is a mesh; Embree instances are made by accel/ alone.
TEST_CASE("the scene builder goes through interfaces, and keys shapes in one place",
          "[architecture]") {
    const std::string keyedIn = "renderer/builder/shape_building.cpp";
    int fieldChecks = 0;
    for (const Line& line : linesOf({"slvm", "compiler", "renderer", "cli"})) {
        const std::string code = line.text.substr(0, line.text.find("//"));
        INFO(line.where << ": " << line.text);
        CHECK_FALSE(contains(code, "friend class SceneBuilder"));
        CHECK_FALSE(contains(code, "dynamic_cast<const TriangleMesh"));
        if (!line.where.starts_with("renderer/accel/"))
            CHECK_FALSE(contains(code, "RTC_GEOMETRY_TYPE_INSTANCE"));
        if (!line.where.starts_with(keyedIn) &&
            !line.where.starts_with("renderer/builder/shape_key.h"))
            CHECK_FALSE(contains(code, "ShapeKey::Writer"));
        if (line.where.starts_with(keyedIn) && contains(code, "static_assert(fieldCount<"))
            ++fieldChecks;
    }
    INFO(keyedIn << " must check the fields of ShapeDescription, SurfaceAttributes and "
                    "VertexProgramDescription");
    CHECK(fieldChecks == 3);
}

TEST_CASE("samplers are told apart by their classes alone", "[architecture]") {
    // Issue 53, item 6: each sampler is a class behind renderer/sampling/sampler.h, made by name
    // through samplerRegistry(); no code asks which sampler a render uses. pbrt-v4's own sampler
    // names are the importer's to read.
    for (const Line& line : linesOf({"renderer", "cli"})) {
        if (line.where.starts_with("renderer/pbrt/"))
            continue;
        const std::string code = line.text.substr(0, line.text.find("//"));
        INFO(line.where << ": " << line.text
                        << "\n(give the sampler's behaviour to its class: renderer/sampling/)");
        CHECK_FALSE(contains(code, "SamplerType"));
        for (const char* name : {"\"sobol\"", "\"stratified\"", "\"lowdiscrepancy\""}) {
            CHECK_FALSE(contains(code, std::string("== ") + name));
            CHECK_FALSE(contains(code, std::string("!= ") + name));
        }
    }
}
