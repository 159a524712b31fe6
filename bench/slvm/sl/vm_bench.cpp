// SL throughput, interpreted (vm:0) and compiled (vm:1): instructions per second per core on the
// spec's FullAttenuated shader and on a branchy shader, each next to the same computation in
// native C++ as the baseline.
#include "slvm/sl/assembler.h"
#include "slvm/sl/executor.h"
#include "slvm/sl/noise.h"
#include "slvm/sl/shader_file.h"
#include "slvm/sl/vm.h"

#include <benchmark/benchmark.h>
#include <cmath>

namespace sl = slvm::sl;

namespace {

class BenchHost final : public sl::Host {
public:
    sl::Float3 trace(const sl::Float3&, const sl::Float3&) override { return {0.0f, 0.0f, 0.0f}; }
    sl::Float3 lookup(int, float, float) override { return {0.0f, 0.0f, 0.0f}; }
    float random() override { return 0.5f; }
    float turbulence(float x) override { return sl::turbulence(x, 0, 0); }
    float turbulence(const sl::Float3& p) override { return sl::turbulence(p[0], p[1], p[2]); }
};

// Inputs vary per invocation so nothing can be hoisted out of the loop.
sl::RegisterFile fullAttenuatedInputs(float jitter) {
    sl::RegisterFile r = sl::RegisterFile::withDefaults();
    r.vector(sl::reg::N) = {0.0f, 0.0f, 1.0f, 0.0f};
    r.vector(sl::reg::L) = {0.0f, 0.6f, 0.8f, 0.0f};
    r.vector(sl::reg::V) = {jitter, 0.0f, 1.0f, 0.0f};
    r.vector(sl::reg::C0) = {1.0f, 0.5f, 0.25f, 1.0f};
    r.vector(sl::reg::dE) = {2.0f, 3.0f, 4.0f, 0.0f};
    return r;
}

// FullAttenuated.sl in C++, the baseline: the same arithmetic on the same inputs.
sl::Executor executorFor(const sl::VerifiedProgram& program, const benchmark::State& state) {
    return sl::Executor(program,
                        state.range(0) ? slvm::jit::VmKind::Jit : slvm::jit::VmKind::Interpreter);
}

sl::Float3 fullAttenuatedNative(const sl::RegisterFile& r) {
    const auto& N = r.vector(sl::reg::N);
    const auto& L = r.vector(sl::reg::L);
    const auto& V = r.vector(sl::reg::V);
    const auto& C = r.vector(sl::reg::C0);
    const auto& dE = r.vector(sl::reg::dE);
    float diffuse = (N[0] * L[0] + N[1] * L[1] + N[2] * L[2]) * r.scalar(sl::reg::Kd);
    float h[3] = {V[0] + L[0], V[1] + L[1], V[2] + L[2]};
    const float length = std::sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    for (float& c : h)
        c /= length;
    const float specular = std::pow(h[0] * N[0] + h[1] * N[1] + h[2] * N[2], r.scalar(sl::reg::S)) *
                           r.scalar(sl::reg::Ks);
    const float k = diffuse + specular;
    return {C[0] * k * dE[0], C[1] * k * dE[1], C[2] * k * dE[0]};
}

void BM_SL_FullAttenuated(benchmark::State& state) {
    const sl::VerifiedProgram program =
        sl::loadShaderFile(LRT_SOURCE_DIR "/shaders/FullAttenuated.sl");
    const sl::Executor executor = executorFor(program, state);
    BenchHost host;
    std::uint64_t instructions = 0;
    float jitter = 0.0f;
    for (auto _ : state) {
        sl::RegisterFile r = fullAttenuatedInputs(jitter);
        instructions += executor.execute(r, host).executed;
        benchmark::DoNotOptimize(r.vector(sl::reg::v0));
        jitter = jitter < 0.5f ? jitter + 1e-3f : 0.0f;
    }
    state.counters["instr/s"] =
        benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
    state.SetItemsProcessed(state.iterations()); // invocations
}
BENCHMARK(BM_SL_FullAttenuated)->ArgName("vm")->Arg(0)->Arg(1);

void BM_Native_FullAttenuated(benchmark::State& state) {
    float jitter = 0.0f;
    for (auto _ : state) {
        sl::RegisterFile r = fullAttenuatedInputs(jitter);
        // The inputs are opaque, as they are to the VM: without this the compiler folds the
        // constant N, L, C0 and dE into the arithmetic and the baseline does less work.
        benchmark::DoNotOptimize(r);
        benchmark::DoNotOptimize(fullAttenuatedNative(r));
        jitter = jitter < 0.5f ? jitter + 1e-3f : 0.0f;
    }
    state.SetItemsProcessed(state.iterations()); // invocations
}
BENCHMARK(BM_Native_FullAttenuated);

// A loop with a data-dependent branch each trip: sums |sin|-like triangle waves via floor and blt.
constexpr const char* kBranchy = R"(sl 1.0
# 64 iterations of a branchy loop: counts the samples of a sawtooth above one half
li s0, 0          # i
li s1, 64         # n
li v1, 0          # count
loop:
mul s2, s0, Kd    # x = i * Kd
floor s3, s2
sub s2, s2, s3    # frac(x)
li s3, 0.5
blt s2, s3, skip
li s3, 1
add v1, v1, s3
skip:
li s3, 1
add s0, s0, s3
blt s0, s1, loop
ret
)";

float branchyNative(float kd) {
    float count = 0.0f;
    for (float i = 0.0f; i < 64.0f; i += 1.0f) {
        const float x = i * kd;
        if (!(x - std::floor(x) < 0.5f))
            count += 1.0f;
    }
    return count;
}

void BM_SL_Branchy(benchmark::State& state) {
    const sl::VerifiedProgram program = sl::assemble(kBranchy, "branchy.sl");
    const sl::Executor executor = executorFor(program, state);
    BenchHost host;
    std::uint64_t instructions = 0;
    float kd = 0.1f;
    for (auto _ : state) {
        sl::RegisterFile r = sl::RegisterFile::withDefaults();
        r.scalar(sl::reg::Kd) = kd;
        instructions += executor.execute(r, host).executed;
        benchmark::DoNotOptimize(r.scalar(sl::reg::v1));
        kd = kd < 0.9f ? kd + 1e-3f : 0.1f;
    }
    state.counters["instr/s"] =
        benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SL_Branchy)->ArgName("vm")->Arg(0)->Arg(1);

void BM_Native_Branchy(benchmark::State& state) {
    float kd = 0.1f;
    for (auto _ : state) {
        benchmark::DoNotOptimize(branchyNative(kd));
        kd = kd < 0.9f ? kd + 1e-3f : 0.1f;
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Native_Branchy);

} // namespace
