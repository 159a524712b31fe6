// Proves the benchmark harness: a trivial loop whose timing means nothing beyond "it runs".
#include <benchmark/benchmark.h>
#include <numeric>
#include <vector>

static void BM_HarnessSum(benchmark::State& state) {
    std::vector<float> values(static_cast<std::size_t>(state.range(0)), 1.0f);
    for (auto _ : state)
        benchmark::DoNotOptimize(std::accumulate(values.begin(), values.end(), 0.0f));
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_HarnessSum)->Arg(1024);
