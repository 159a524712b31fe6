// Vertex program throughput: vertices per second through the VP2 interpreter for a 20- and a
// 100-instruction program over a one-million-vertex mesh, on one thread and on all of them (TBB,
// one machine per chunk, in batches of 32 vertices, as the vertex stage runs), next to the same
// transform in plain C++.
#include "slvm/vp2/executor.h"
#include "slvm/vp2/parser.h"
#include "slvm/vp2/vm.h"

#include <algorithm>
#include <array>
#include <benchmark/benchmark.h>
#include <cmath>
#include <fmt/format.h>
#include <random>
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <thread>

namespace vp2 = slvm::vp2;

namespace {

constexpr std::size_t kVertices = 1'000'000;

// A four-instruction set-up, then `blocks` copies of an eight-instruction block: a 4x4 transform,
// a scale, a sine and a cosine, and a multiply-add; the last block writes o[HPOS].
// 2 blocks: 20 instructions; 12 blocks: 100.
std::string benchmarkProgram(int blocks) {
    std::string text = "!!VP2.0\n"
                       "MOV R0, v[0];\n"
                       "MUL R0.xyz, R0, c[7];\n"
                       "ADD R0.xyz, R0, c[8];\n"
                       "MOV R0.w, c[7].w;\n";
    for (int b = 0; b < blocks; ++b)
        text += fmt::format("DP4 R1.x, c[0], R0;\nDP4 R1.y, c[1], R0;\nDP4 R1.z, c[2], R0;\n"
                            "DP4 R1.w, c[3], R0;\nMUL R2, R1, c[4];\nSIN R3.x, R2.x;\n"
                            "COS R3.y, R2.y;\nMAD {}, R3.xyxy, c[5], R1;\n",
                            b + 1 == blocks ? "o[HPOS]" : "R0");
    return text + "END\n";
}

const std::vector<vp2::Vector4>& parameters() {
    static const std::vector<vp2::Vector4> c = {{0.9f, -0.1f, 0.05f, 0.01f},
                                                {0.1f, 0.95f, 0.0f, -0.02f},
                                                {-0.05f, 0.0f, 0.9f, 0.03f},
                                                {0.0f, 0.0f, 0.0f, 1.0f},
                                                {1.3f, 0.7f, 1.0f, 1.0f},
                                                {0.05f, 0.04f, 0.03f, 0.0f},
                                                {},
                                                {1.1f, 0.9f, 1.0f, 1.0f},
                                                {0.01f, -0.02f, 0.03f, 0.0f}};
    return c;
}

// The same transform in C++: what the program computes, written out.
vp2::Vector4 nativeTransform(const vp2::Vector4& v, int blocks) {
    const auto& c = parameters();
    float r0[4] = {v[0] * c[7][0] + c[8][0], v[1] * c[7][1] + c[8][1], v[2] * c[7][2] + c[8][2],
                   c[7][3]};
    for (int b = 0; b < blocks; ++b) {
        float r1[4];
        for (int row = 0; row < 4; ++row)
            r1[row] = c[row][0] * r0[0] + c[row][1] * r0[1] + c[row][2] * r0[2] + c[row][3] * r0[3];
        const float s = std::sin(r1[0] * c[4][0]), k = std::cos(r1[1] * c[4][1]);
        const float r3[4] = {s, k, s, k};
        for (int i = 0; i < 4; ++i)
            r0[i] = r3[i] * c[5][i] + r1[i];
    }
    return {r0[0], r0[1], r0[2], r0[3]};
}

const std::vector<std::array<vp2::Vector4, vp2::kAttributeCount>>& mesh() {
    static const auto vertices = [] {
        std::vector<std::array<vp2::Vector4, vp2::kAttributeCount>> v(kVertices);
        std::mt19937 random(7);
        std::uniform_real_distribution<float> coordinate(-1.0f, 1.0f);
        for (auto& attributes : v) {
            attributes.fill({0, 0, 0, 1});
            attributes[0] = {coordinate(random), coordinate(random), coordinate(random), 1};
        }
        return v;
    }();
    return vertices;
}

int threadsArgument(const benchmark::State& state) {
    return state.range(1) == 0 ? static_cast<int>(std::thread::hardware_concurrency())
                               : static_cast<int>(state.range(1));
}

void reportRates(benchmark::State& state, int instructions) {
    const double vertices = static_cast<double>(state.iterations() * kVertices);
    state.counters["vertices/s"] = benchmark::Counter(vertices, benchmark::Counter::kIsRate);
    if (instructions > 0)
        state.counters["instr/s"] =
            benchmark::Counter(vertices * instructions, benchmark::Counter::kIsRate);
    state.counters["threads"] = threadsArgument(state);
}

// Times `transformChunk(range, positions)` over the whole mesh in TBB chunks of 1024 vertices,
// on the benchmark's thread count. Arguments: blocks (2 or 12), threads (1, or 0 for all), and
// for the VM, vm (0 interpreted, 1 compiled).
template <typename ChunkTransform>
void timeOverMesh(benchmark::State& state, int instructions, ChunkTransform transformChunk) {
    std::vector<vp2::Vector4> positions(kVertices);
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                                static_cast<std::size_t>(threadsArgument(state)));
    for (auto _ : state) {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, kVertices, 1024),
                          [&](const auto& range) { transformChunk(range, positions); });
        benchmark::DoNotOptimize(positions.data());
    }
    reportRates(state, instructions);
}

void BM_VP2_Mesh(benchmark::State& state) {
    const vp2::VerifiedProgram program =
        vp2::loadVertexProgram(benchmarkProgram(static_cast<int>(state.range(0))), "bench.vp");
    const vp2::Executor executor(program, state.range(2) ? slvm::jit::VmKind::Jit
                                                         : slvm::jit::VmKind::Interpreter);
    timeOverMesh(state, static_cast<int>(program.instructions().size()),
                 [&](const auto& range, std::vector<vp2::Vector4>& positions) {
                     // As the vertex stage runs a chunk: in batches of 32 vertices.
                     vp2::VertexMachine machine = executor.machine(parameters());
                     std::array<vp2::ResultRegisters, 32> results;
                     results.fill(vp2::VertexMachine::initialResults());
                     for (std::size_t first = range.begin(); first < range.end(); first += 32) {
                         const std::size_t size = std::min<std::size_t>(32, range.end() - first);
                         machine.runBatch(std::span(mesh()).subspan(first, size), results);
                         for (std::size_t k = 0; k < size; ++k)
                             positions[first + k] =
                                 results[k][static_cast<std::size_t>(vp2::Result::HPOS)];
                     }
                 });
}
BENCHMARK(BM_VP2_Mesh)
    ->ArgsProduct({{2, 12}, {1, 0}, {0, 1}})
    ->ArgNames({"blocks", "threads", "vm"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_Native_Mesh(benchmark::State& state) {
    const int blocks = static_cast<int>(state.range(0));
    timeOverMesh(state, 0, [&](const auto& range, std::vector<vp2::Vector4>& positions) {
        for (std::size_t i = range.begin(); i != range.end(); ++i)
            positions[i] = nativeTransform(mesh()[i][0], blocks);
    });
}
BENCHMARK(BM_Native_Mesh)
    ->ArgsProduct({{2, 12}, {1, 0}})
    ->ArgNames({"blocks", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The interpreter and the C++ version agree, so the comparison is of the same work.
void BM_VP2_CheckAgainstNative(benchmark::State& state) {
    for (const int blocks : {2, 12}) {
        const vp2::VerifiedProgram program =
            vp2::loadVertexProgram(benchmarkProgram(blocks), "bench.vp");
        vp2::VertexMachine machine(program, parameters());
        for (std::size_t i = 0; i < 1000; ++i) {
            machine.run(mesh()[i]);
            const vp2::Vector4 native = nativeTransform(mesh()[i][0], blocks);
            for (int k = 0; k < 4; ++k)
                if (std::fabs(machine.result(vp2::Result::HPOS)[k] - native[k]) > 1e-5f)
                    state.SkipWithError("the VP2 program and the C++ transform disagree");
        }
    }
    for (auto _ : state) {
    }
}
BENCHMARK(BM_VP2_CheckAgainstNative)->Iterations(1);

} // namespace
