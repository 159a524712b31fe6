// A new IR operation or card instruction is a compile error until every consumer handles it
// (issue 42): the code generators' switches over operations and opcodes name every case and have
// no default, and the libraries they live in build with -Werror=switch, so the build lists each
// place that does not handle the new case yet (docs/architecture.md, "Adding a VM instruction").
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceTree = LRT_SOURCE_DIR;

std::vector<std::string> codeLines(const fs::path& file) {
    std::ifstream in(kSourceTree / file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line.substr(0, line.find("//")));
    return lines;
}

} // namespace

TEST_CASE("the code generators' switches over operations and opcodes have no default",
          "[architecture]") {
    std::vector<fs::path> generators = {"slvm/card/jit_lanes.cpp", "slvm/card/liveness.cpp"};
    for (const auto& entry : fs::recursive_directory_iterator(kSourceTree / "compiler/backends"))
        if (entry.path().filename().string().ends_with("_codegen.cpp"))
            generators.push_back(fs::relative(entry.path(), kSourceTree));
    REQUIRE(generators.size() >= 5);
    for (const fs::path& file : generators) {
        const std::vector<std::string> lines = codeLines(file);
        REQUIRE(!lines.empty());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            INFO(file.string() << ":" << i + 1 << ": " << lines[i]);
            CHECK(lines[i].find("default:") == std::string::npos);
        }
    }
    for (const char* library : {"compiler/CMakeLists.txt", "slvm/CMakeLists.txt"}) {
        bool werror = false;
        for (const std::string& line : codeLines(library))
            werror = werror || line.find("-Werror=switch") != std::string::npos;
        INFO(library << " must build with -Werror=switch");
        CHECK(werror);
    }
}
