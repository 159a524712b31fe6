// A new IR operation or VM instruction is a compile error until every consumer handles it
// (issues 42 and 53): the VMs' interpreters, verifiers and JITs and the code generators' switches
// over operations and opcodes name every case and have no default, and the libraries they live in
// build with -Werror=switch, so the build lists each place that does not handle the new case yet
// (docs/architecture.md, "Adding a VM instruction").
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

// Whether a file of slvm/ runs, compiles or checks instructions: every VM's interpreter, verifier
// and JIT (with the JITs' helpers: the card's lanes and liveness, VP2's operations and dot groups).
bool runsInstructions(const fs::path& file) {
    const std::string name = file.filename().string();
    return name == "vm.cpp" || name == "verifier.cpp" || name == "liveness.cpp" ||
           name == "dot_groups.cpp" || (name.starts_with("jit") && name.ends_with(".cpp"));
}

} // namespace

TEST_CASE("the VMs' and code generators' switches over operations and opcodes have no default",
          "[architecture]") {
    std::vector<fs::path> generators;
    for (const char* vm : {"slvm/sl", "slvm/vp2", "slvm/card"})
        for (const auto& entry : fs::directory_iterator(kSourceTree / vm))
            if (runsInstructions(entry.path()))
                generators.push_back(fs::relative(entry.path(), kSourceTree));
    // Each VM's interpreter, verifier and JIT at least.
    REQUIRE(generators.size() >= 9);
    for (const auto& entry : fs::recursive_directory_iterator(kSourceTree / "compiler/backends"))
        if (entry.path().filename().string().ends_with("_codegen.cpp"))
            generators.push_back(fs::relative(entry.path(), kSourceTree));
    REQUIRE(generators.size() >= 12);
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
