// The path integrator on the Cornell box: samples and paths per second at 512x512, and the error
// reached against a high-sample reference for a given render time.
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/parser/parser.h"
#include "renderer/render/renderer.h"

#include <benchmark/benchmark.h>
#include <cmath>
#include <fstream>
#include <sstream>

namespace {

using namespace lrt;

struct PathCornell {
    std::unique_ptr<EmbreeDevice> device = std::make_unique<EmbreeDevice>();
    std::vector<FrameDescription> frames;
    std::unique_ptr<Scene> scene;
};

PathCornell load(int resolution) {
    std::ifstream in(LRT_SOURCE_DIR "/scenes/cornell.lrt");
    std::stringstream text;
    text << in.rdbuf();
    std::string scene = text.str();
    scene.replace(scene.find("Format 512 512 1"), 16,
                  "Format " + std::to_string(resolution) + " " + std::to_string(resolution) + " 1");
    scene.replace(scene.find("SurfaceIntegrator \"whitted\""), 27, "SurfaceIntegrator \"path\"");
    PathCornell w;
    w.frames = parseSceneString(scene, "cornell.lrt", LRT_SOURCE_DIR "/scenes");
    w.scene = buildScene(w.frames[0], w.device->get());
    return w;
}

// Samples per second on all cores; a path is one camera sample and everything it spawns.
void BM_Path_Cornell512(benchmark::State& state) {
    const PathCornell w = load(512);
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    std::uint64_t samples = 0, rays = 0;
    for (auto _ : state) {
        const RenderResult r = render(*w.scene, settings);
        samples += r.statistics.rays.camera;
        rays += r.statistics.rays.camera + r.statistics.rays.secondary + r.statistics.rays.shadow;
    }
    state.counters["paths/s"] =
        benchmark::Counter(static_cast<double>(samples), benchmark::Counter::kIsRate);
    state.counters["rays/s"] =
        benchmark::Counter(static_cast<double>(rays), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Path_Cornell512)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

// RMSE against a 1024-spp reference (128x128) after renders of 4 to 256 spp, with their times.
void BM_Path_Cornell_RmseAtSpp(benchmark::State& state) {
    static const PathCornell w = load(128);
    static const Image reference = [] {
        RenderSettings settings;
        settings.samplesPerPixel = 1024;
        settings.seed = 1;
        return render(*w.scene, settings).image;
    }();
    RenderSettings settings;
    settings.samplesPerPixel = static_cast<int>(state.range(0));
    double rmse = 0;
    for (auto _ : state) {
        const Image image = render(*w.scene, settings).image;
        double squared = 0;
        for (std::size_t i = 0; i < image.pixels.size(); ++i)
            squared +=
                (image.pixels[i] - reference.pixels[i]) * (image.pixels[i] - reference.pixels[i]);
        rmse = std::sqrt(squared / static_cast<double>(image.pixels.size()));
    }
    state.counters["rmse"] = rmse;
}
BENCHMARK(BM_Path_Cornell_RmseAtSpp)
    ->Arg(4)
    ->Arg(16)
    ->Arg(64)
    ->Arg(256)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

} // namespace
