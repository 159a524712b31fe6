// Signed-distance shapes: rays per second against the SDF unit sphere (sdf/sphere.cg compiled to a
// card, sphere-traced) next to the exact quadric sphere and a tessellated sphere of similar error
// (a UV sphere whose chords stray at most 1e-4 from the surface, the SDF's hit epsilon), on one
// thread and on all; and card evaluations per second through the VM next to the same functions
// in native C++.
#include "bench/renderer/built_scene.h"
#include "compiler/driver/compile.h"
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/parser/parser.h"
#include "slvm/card/card_file.h"
#include "slvm/card/executor.h"
#include "slvm/card/vm.h"

#include <benchmark/benchmark.h>
#include <cmath>
#include <fmt/format.h>
#include <numbers>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <random>

namespace {

using namespace lrt;

struct Workload : bench::BuiltScene {
    std::vector<Ray> rays;
};

// A UV sphere of radius 1 with `around` x `along` quads, as trianglemesh text.
std::string uvSphere(int around, int along) {
    std::string points, indices;
    for (int j = 0; j <= along; ++j)
        for (int i = 0; i <= around; ++i) {
            const double theta = std::numbers::pi * j / along,
                         phi = 2 * std::numbers::pi * i / around;
            points += fmt::format("{} {} {} ", std::sin(theta) * std::cos(phi),
                                  std::sin(theta) * std::sin(phi), std::cos(theta));
        }
    for (int j = 0; j < along; ++j)
        for (int i = 0; i < around; ++i) {
            const int a = j * (around + 1) + i, b = a + 1, c = a + around + 1, d = c + 1;
            indices += fmt::format("{} {} {} {} {} {} ", a, b, d, a, d, c);
        }
    return fmt::format("Shape \"trianglemesh\" \"integer indices\" [{}] \"point P\" [{}]", indices,
                       points);
}

// 256 x 256 camera rays at a unit sphere that fills most of the frame, its programs run by `vm`.
Workload& workload(const std::string& shape, slvm::jit::VmKind vm) {
    static std::map<std::pair<std::string, slvm::jit::VmKind>, Workload> made;
    Workload& w = made[{shape, vm}];
    if (w.scene)
        return w;
    w.frames = parseSceneString(fmt::format(R"(Format 256 256 1
Projection "perspective" "fov" 30
Translate 0 0 4.5
WorldBegin
{}
WorldEnd
)",
                                            shape),
                                "bench.lrt", registeredVocabulary(), LRT_SOURCE_DIR "/sdf");
    BuildOptions options;
    options.vm = vm;
    w.scene = buildScene(w.frames[0], w.device->get(), options);
    for (int y = 0; y < 256; ++y)
        for (int x = 0; x < 256; ++x)
            w.rays.push_back(w.scene->camera().generateRay({x + 0.5f, y + 0.5f}, {0.5f, 0.5f}));
    return w;
}

const std::string kQuadric = "Sphere 1 -1 1 360";
const std::string kSdf = R"(Shape "sdf" "string card" "sphere.exr" "float bound" [1.01])";
// Chords of angle 2 pi / 222 stray r (1 - cos(pi / 222)) = 1.0e-4 from the sphere.
const std::string& tessellated() {
    static const std::string text = uvSphere(222, 111);
    return text;
}

void report(benchmark::State& state, std::size_t rays) {
    state.counters["rays/s"] = benchmark::Counter(static_cast<double>(rays) * state.iterations(),
                                                  benchmark::Counter::kIsRate);
}

// The benchmark's argument, for the SDF: 0 interprets its card, 1 compiles it.
slvm::jit::VmKind vmOf(const benchmark::State& state) {
    return state.range(0) ? slvm::jit::VmKind::Jit : slvm::jit::VmKind::Interpreter;
}

void oneThread(benchmark::State& state, const std::string& shape) {
    Workload& w = workload(shape, vmOf(state));
    for (auto _ : state)
        for (const Ray& ray : w.rays)
            benchmark::DoNotOptimize(w.scene->intersect(ray));
    report(state, w.rays.size());
}

void allThreads(benchmark::State& state, const std::string& shape) {
    Workload& w = workload(shape, vmOf(state));
    for (auto _ : state)
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, w.rays.size(), 256),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                              for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  benchmark::DoNotOptimize(w.scene->intersect(w.rays[i]));
                          });
    report(state, w.rays.size());
}

void BM_Sphere_Quadric_1Thread(benchmark::State& s) {
    oneThread(s, kQuadric);
}
void BM_Sphere_Sdf_1Thread(benchmark::State& s) {
    oneThread(s, kSdf);
}
void BM_Sphere_Triangles_1Thread(benchmark::State& s) {
    oneThread(s, tessellated());
}
void BM_Sphere_Quadric_AllThreads(benchmark::State& s) {
    allThreads(s, kQuadric);
}
void BM_Sphere_Sdf_AllThreads(benchmark::State& s) {
    allThreads(s, kSdf);
}
void BM_Sphere_Triangles_AllThreads(benchmark::State& s) {
    allThreads(s, tessellated());
}
BENCHMARK(BM_Sphere_Quadric_1Thread)->ArgName("vm")->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Sphere_Sdf_1Thread)->ArgName("vm")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Sphere_Triangles_1Thread)->ArgName("vm")->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Sphere_Quadric_AllThreads)
    ->ArgName("vm")
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Sphere_Sdf_AllThreads)
    ->ArgName("vm")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Sphere_Triangles_AllThreads)
    ->ArgName("vm")
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// ---- evaluations ----

std::vector<std::array<float, 3>> points() {
    std::mt19937 random(1);
    std::uniform_real_distribution<float> coordinate(-1.5f, 1.5f);
    std::vector<std::array<float, 3>> made(4096);
    for (auto& p : made)
        p = {coordinate(random), coordinate(random), coordinate(random)};
    return made;
}

void evaluateCard(benchmark::State& state, const std::string& file) {
    const std::filesystem::path path = std::filesystem::path(LRT_SOURCE_DIR "/sdf") / file;
    const slvm::card::VerifiedProgram program = slvm::card::loadCardFile(path);
    const slvm::card::Executor executor(program, state.range(0) ? slvm::jit::VmKind::Jit
                                                                : slvm::jit::VmKind::Interpreter);
    slvm::card::CardMachine machine = executor.machine();
    const auto at = points();
    for (auto _ : state)
        for (const auto& p : at) {
            if (executor.isCompiled()) { // as the SDF shape evaluates a compiled card
                benchmark::DoNotOptimize(executor.distance(p[0], p[1], p[2]));
            } else {
                machine.run(p[0], p[1], p[2]);
                benchmark::DoNotOptimize(machine.distance());
            }
        }
    state.counters["evaluations/s"] = benchmark::Counter(
        static_cast<double>(at.size()) * state.iterations(), benchmark::Counter::kIsRate);
    state.counters["instructions"] = static_cast<double>(program.instructions().size());
}

template <typename F>
void evaluateNative(benchmark::State& state, F f) {
    const auto at = points();
    for (auto _ : state)
        for (const auto& p : at)
            benchmark::DoNotOptimize(f(p[0], p[1], p[2]));
    state.counters["evaluations/s"] = benchmark::Counter(
        static_cast<double>(at.size()) * state.iterations(), benchmark::Counter::kIsRate);
}

void BM_Eval_Sphere_HandCard(benchmark::State& s) {
    evaluateCard(s, "sphere.pc");
}
void BM_Eval_Sphere_CgCard(benchmark::State& s) {
    evaluateCard(s, "sphere.exr");
}
void BM_Eval_Sphere_Native(benchmark::State& s) {
    evaluateNative(
        s, [](float x, float y, float z) { return std::sqrt(x * x + y * y + z * z) - 1.0f; });
}
void BM_Eval_Torus_CgCard(benchmark::State& s) {
    evaluateCard(s, "torus.exr");
}
void BM_Eval_Torus_Native(benchmark::State& s) {
    evaluateNative(s, [](float x, float y, float z) {
        const float q = std::sqrt(x * x + y * y) - 0.7f;
        return std::sqrt(q * q + z * z) - 0.25f;
    });
}
BENCHMARK(BM_Eval_Sphere_HandCard)->ArgName("vm")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Eval_Sphere_CgCard)->ArgName("vm")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Eval_Sphere_Native)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Eval_Torus_CgCard)->ArgName("vm")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Eval_Torus_Native)->Unit(benchmark::kMicrosecond);

} // namespace
