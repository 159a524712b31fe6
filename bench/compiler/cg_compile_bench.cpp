// The Cg compiler on the bundled twins: compile time per shader and per vertex program (the whole
// pipeline, the VM's assembler and verifier included), with the instruction counts of the compiled
// and the hand-written programs as counters (`instructions`, `handWritten`, `ratio`). The baseline
// is the hand-written program's assembly and verification alone (`BM_Cg_HandWrittenLoad`).
#include "compiler/driver/compile.h"
#include "slvm/common/file_contents.h"
#include "slvm/sl/shader_file.h"
#include "slvm/vp2/parser.h"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <filesystem>
#include <sstream>

namespace {

// Instructions of an assembly text: the lines that are neither blank, comments, labels, headers
// nor END.
int instructionCount(const std::string& text) {
    std::istringstream lines(text);
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        const auto start = line.find_first_not_of(" \t");
        if (start == std::string::npos || line[start] == '#' || line.starts_with("sl 1.0") ||
            line.starts_with("!!VP") || line.starts_with("END") || line.back() == ':')
            continue;
        count += line.find(';') != std::string::npos
                     ? static_cast<int>(std::count(line.begin(), line.end(), ';'))
                     : 1;
    }
    return count;
}

void BM_Cg_Compile(benchmark::State& state, const std::string& folder, const std::string& name,
                   const std::string& profile, const std::string& handWritten) {
    const std::filesystem::path root = LRT_SOURCE_DIR;
    const auto source = std::make_shared<const slvm::SourceText>(
        name + ".cg", slvm::readFileContents(root / folder / (name + ".cg")).value());
    compiler::CompileOptions options;
    options.profile = compiler::requireProfile(profile).id;
    std::string assembly;
    for (auto _ : state) {
        const compiler::CompiledProgram program = compiler::compileCg(source, options);
        assembly = program.assembly;
        benchmark::DoNotOptimize(program.sl().get());
    }
    const int compiled = instructionCount(assembly);
    const int original =
        instructionCount(slvm::readFileContents(root / folder / handWritten).value());
    state.counters["instructions"] = compiled;
    state.counters["handWritten"] = original;
    state.counters["ratio"] = static_cast<double>(compiled) / original;
}

void BM_Cg_HandWrittenLoad(benchmark::State& state) {
    const std::filesystem::path shader =
        std::filesystem::path(LRT_SOURCE_DIR) / "shaders" / "Glass.sl";
    for (auto _ : state)
        benchmark::DoNotOptimize(slvm::sl::loadShaderFile(shader));
}
BENCHMARK(BM_Cg_HandWrittenLoad)->Unit(benchmark::kMicrosecond);

// One benchmark per twin that exists, registered at start-up.
const bool kRegistered = [] {
    const std::filesystem::path root = LRT_SOURCE_DIR;
    for (const auto& [folder, extension, profile] :
         {std::tuple{"shaders", ".sl", "sl"}, std::tuple{"vertex", ".vp", "vp2"}})
        for (const auto& entry : std::filesystem::directory_iterator(root / folder)) {
            if (entry.path().extension() != ".cg")
                continue;
            const std::string name = entry.path().stem().string();
            if (!std::filesystem::exists(root / folder / (name + extension)))
                continue;
            benchmark::RegisterBenchmark(("BM_Cg_Compile/" + name).c_str(), BM_Cg_Compile,
                                         std::string(folder), name, std::string(profile),
                                         name + extension)
                ->Unit(benchmark::kMicrosecond);
        }
    return true;
}();

} // namespace
