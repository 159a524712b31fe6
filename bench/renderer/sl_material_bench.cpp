// Render time of the Cornell box with built-in matte against the same scene with the SL Lambert
// shader (the ratio is the cost of programmable shading), SL invocations per second, and the
// render time's dependence on the tile size.
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/integrators/surface_interaction.h"
#include "renderer/parser/parser.h"
#include "renderer/render/renderer.h"
#include "slvm/common/file_contents.h"

#include <benchmark/benchmark.h>

namespace {

using namespace lrt;

// The source tree's shader library, which lrt finds beside its executable (SL Lambert is in it);
// the benchmark's `vm` argument, where it has one (0 interpreter, 1 compiled), picks the executor.
BuildOptions bundledData(const benchmark::State* state = nullptr) {
    BuildOptions options;
    options.bundledShaders = LRT_SOURCE_DIR "/shaders";
    if (state)
        options.vm = state->range(0) ? slvm::jit::VmKind::Jit : slvm::jit::VmKind::Interpreter;
    return options;
}

// The Cornell box at 256x256, its matte surfaces replaced by `surface`.
std::string cornellWith(const std::string& surface) {
    std::string scene = slvm::readFileContents(LRT_SOURCE_DIR "/scenes/cornell.lrt").value();
    auto replace = [&](const std::string& from, const std::string& to) {
        for (std::size_t at = scene.find(from); at != std::string::npos;
             at = scene.find(from, at + to.size()))
            scene.replace(at, from.size(), to);
    };
    replace("Format 512 512 1", "Format 256 256 1");
    replace("Surface \"matte\" \"Kd\" [0.75]", "Surface \"" + surface + "\" \"Kd\" [0.75]");
    // SL shaders take no ambient light; leave it out of both so that they render the same image.
    replace("LightSource \"ambientlight\" \"intensity\" [0.04]", "");
    return scene;
}

void renderCornell(benchmark::State& state, const std::string& surface) {
    EmbreeDevice device;
    const auto frames = parseSceneString(cornellWith(surface), "cornell.lrt",
                                         registeredVocabulary(), LRT_SOURCE_DIR "/scenes");
    const auto scene = buildScene(frames[0], device.get(), bundledData(&state));
    RenderSettings settings;
    settings.threads = 1;
    settings.samplesPerPixel = 4;
    std::uint64_t shaded = 0;
    for (auto _ : state) {
        const RenderResult result = render(*scene, settings);
        // One light sample per camera hit on the walls and boxes: about one invocation per sample.
        shaded += result.statistics.rays.camera;
    }
    state.counters["samples/s"] =
        benchmark::Counter(static_cast<double>(shaded), benchmark::Counter::kIsRate);
}

void BM_Cornell_Render_Matte(benchmark::State& state) {
    renderCornell(state, "matte");
}
void BM_Cornell_Render_SLLambert(benchmark::State& state) {
    renderCornell(state, "Lambert");
}
BENCHMARK(BM_Cornell_Render_Matte)->ArgName("vm")->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cornell_Render_SLLambert)
    ->ArgName("vm")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

// Tile size against render time on all cores (the Cornell box, 256x256, 4 spp): small tiles
// balance better and recompute more filter margin, large ones the opposite.
void BM_Cornell_TileSize(benchmark::State& state) {
    EmbreeDevice device;
    const auto frames = parseSceneString(cornellWith("matte"), "cornell.lrt",
                                         registeredVocabulary(), LRT_SOURCE_DIR "/scenes");
    const auto scene = buildScene(frames[0], device.get(), bundledData());
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    settings.tileSize = static_cast<int>(state.range(0));
    for (auto _ : state)
        benchmark::DoNotOptimize(render(*scene, settings).image.pixels.data());
}
BENCHMARK(BM_Cornell_TileSize)
    ->Arg(8)
    ->Arg(16)
    ->Arg(32)
    ->Arg(64)
    ->Arg(128)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// One material call at a fixed wall point: register set-up plus the VM for the shader, the BRDF
// for matte. This is the SL invocation rate.
void shadeOnce(benchmark::State& state, const std::string& surface) {
    EmbreeDevice device;
    const auto frames = parseSceneString(cornellWith(surface), "cornell.lrt",
                                         registeredVocabulary(), LRT_SOURCE_DIR "/scenes");
    const auto scene = buildScene(frames[0], device.get(), bundledData(&state));
    const Ray ray = scene->camera().generateRay({128, 128}, {0.5f, 0.5f});
    const auto hit = scene->intersect(ray);
    const ShadingPoint point = shadingPoint(*hit, ray);
    const Material& material = *hit->primitive->material;
    Vec3 wi = normalize(Vec3{0.2f, 1, -0.1f});
    for (auto _ : state) {
        benchmark::DoNotOptimize(material.reflected(point, wi, Color{1, 1, 1}));
        wi.x = wi.x < 0.3f ? wi.x + 1e-4f : 0.2f;
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_Shade_Matte(benchmark::State& state) {
    shadeOnce(state, "matte");
}
void BM_Shade_SLLambert(benchmark::State& state) {
    shadeOnce(state, "Lambert");
}
BENCHMARK(BM_Shade_Matte)->ArgName("vm")->Arg(1);
BENCHMARK(BM_Shade_SLLambert)->ArgName("vm")->Arg(0)->Arg(1);

} // namespace
