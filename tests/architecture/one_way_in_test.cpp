// One way in (issue 31): program files and scene files are recognised only by their tables
// (compiler/driver/program_loader.cpp's formats, compiler/driver/compile.cpp's profiles,
// renderer/import/scene_file.cpp's readers), so no other source compares a file's extension with
// a program or scene extension, or a profile's name with a string. Tests make temporary files
// only through tests/scratch_directory.h, which removes them. And the renderer and the commands
// run programs through the VMs' executors, which alone choose compiled code or the interpreter.
#include <algorithm>
#include <catch2/catch.hpp>
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
    for (const Line& line : linesOf({"slvm", "compiler", "renderer", "cli"})) {
        if (std::ranges::any_of(tables,
                                [&](const std::string& t) { return line.where.starts_with(t); }))
            continue;
        const bool comparesExtension =
            (contains(line.text, "extension()") || contains(line.text, "ends_with(")) &&
            std::ranges::any_of(owned, [&](std::string_view e) { return contains(line.text, e); });
        const bool comparesProfile = contains(line.text, "profile == \"") ||
                                     contains(line.text, "profile != \"") ||
                                     contains(line.text, "name() == \"");
        INFO(line.where << ": " << line.text);
        CHECK_FALSE(comparesExtension);
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
