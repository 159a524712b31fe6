// The JITs' compile time: every bundled program (the shader library's SL, Cg and T shaders for
// profile sl, the vertex programs and their Cg sources for vp2, the SDF cards and their Cg
// sources for card), verified beforehand, compiled to x86-64 once per iteration (through their
// executors, so a card image too long to compile is left out, as a render leaves it). The figure
// to read is the time per iteration: all of them together.
#include "compiler/driver/program_loader.h"
#include "slvm/card/executor.h"
#include "slvm/sl/executor.h"
#include "slvm/vp2/executor.h"

#include <benchmark/benchmark.h>
#include <filesystem>

namespace {

struct BundledPrograms {
    std::vector<std::shared_ptr<const slvm::sl::VerifiedProgram>> shaders;
    std::vector<std::shared_ptr<const slvm::vp2::VerifiedProgram>> vertex;
    std::vector<std::shared_ptr<const slvm::card::VerifiedProgram>> cards;
};

BundledPrograms loadBundled() {
    BundledPrograms all;
    auto each = [](const char* folder, const char* profile, auto add) {
        for (const auto& entry :
             std::filesystem::directory_iterator(std::filesystem::path(LRT_SOURCE_DIR) / folder)) {
            const std::string extension = entry.path().extension().string();
            if (extension != ".sl" && extension != ".cg" && extension != ".t" &&
                extension != ".vp" && extension != ".exr" && extension != ".pc")
                continue;
            compiler::CompileOptions options;
            options.profile = compiler::requireProfile(profile).id;
            options.searchPath = {entry.path().parent_path()};
            add(compiler::loadProgram(entry.path(), options));
        }
    };
    each("shaders", "sl", [&](const auto& p) { all.shaders.push_back(p.sl()); });
    each("vertex", "vp2", [&](const auto& p) { all.vertex.push_back(p.vertex()); });
    each("sdf", "card", [&](const auto& p) { all.cards.push_back(p.card()); });
    return all;
}

void BM_JIT_CompileBundled(benchmark::State& state) {
    const BundledPrograms all = loadBundled();
    constexpr slvm::jit::VmKind jit = slvm::jit::VmKind::Jit;
    const auto keep = [](const auto& executor) { benchmark::DoNotOptimize(executor.native()); };
    for (auto _ : state) {
        for (const auto& p : all.shaders)
            keep(slvm::sl::Executor(*p, jit));
        for (const auto& p : all.vertex)
            keep(slvm::vp2::Executor(*p, jit));
        for (const auto& p : all.cards)
            keep(slvm::card::Executor(*p, jit));
    }
    state.counters["programs"] =
        static_cast<double>(all.shaders.size() + all.vertex.size() + all.cards.size());
    state.counters["instructions"] = [&] {
        std::size_t n = 0;
        for (const auto& p : all.shaders)
            n += p->code().size();
        for (const auto& p : all.vertex)
            n += p->instructions().size();
        for (const auto& p : all.cards)
            n += p->instructions().size();
        return static_cast<double>(n);
    }();
}
BENCHMARK(BM_JIT_CompileBundled)->Unit(benchmark::kMillisecond);

} // namespace
