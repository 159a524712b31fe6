// The path integrator on the peer Cornell box (bench/peers/scenes/cornell.lrt: 512x512, maxdepth
// 9): samples and rays per second, next to a path tracer written directly on Embree that traces
// the same kinds of rays through the same BVH with no shading at all (the baseline: what the rays
// alone cost); and the error reached against a high-sample reference for a given render time.
#include "bench/renderer/built_scene.h"
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/integrators/surface_interaction.h"
#include "renderer/parser/parser.h"
#include "renderer/render/renderer.h"
#include "renderer/sampling/sample_stream.h"
#include "renderer/sampling/warp.h"
#include "slvm/common/file_contents.h"

#include <atomic>
#include <benchmark/benchmark.h>
#include <cmath>
#include <oneapi/tbb/parallel_for.h>

namespace {

using namespace lrt;

bench::BuiltScene load(int resolution) {
    std::string scene =
        slvm::readFileContents(LRT_SOURCE_DIR "/bench/peers/scenes/cornell.lrt").value();
    scene.replace(scene.find("Format 512 512 1"), 16,
                  "Format " + std::to_string(resolution) + " " + std::to_string(resolution) + " 1");
    bench::BuiltScene w;
    w.frames = parseSceneString(scene, "cornell.lrt", registeredVocabulary(),
                                LRT_SOURCE_DIR "/bench/peers/scenes");
    w.scene = buildScene(w.frames[0], w.device->get());
    return w;
}

void reportRates(benchmark::State& state, std::uint64_t paths, std::uint64_t rays) {
    state.counters["paths/s"] =
        benchmark::Counter(static_cast<double>(paths), benchmark::Counter::kIsRate);
    state.counters["rays/s"] =
        benchmark::Counter(static_cast<double>(rays), benchmark::Counter::kIsRate);
}

// Samples per second on all cores; a path is one camera sample and everything it spawns.
void BM_Path_Cornell512(benchmark::State& state) {
    const bench::BuiltScene w = load(512);
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    std::uint64_t samples = 0, rays = 0;
    for (auto _ : state) {
        const RenderResult r = render(*w.scene, settings);
        samples += r.statistics.rays.camera;
        rays += r.statistics.rays.camera + r.statistics.rays.secondary + r.statistics.rays.shadow;
    }
    reportRates(state, samples, rays);
}
BENCHMARK(BM_Path_Cornell512)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

// The baseline: the same paths traced with Embree alone. A pinhole camera ray through each sample,
// then at every hit one shadow ray towards a uniform point of the lamp (the quad of the scene) and
// one cosine-distributed bounce about Embree's normal, up to maxdepth 9 with lrt's roulette
// (survival 0.75 from the third bounce: the walls' albedo). No materials, no colours, no film.
void BM_Path_Cornell512_EmbreeOnly(benchmark::State& state) {
    const bench::BuiltScene w = load(512);
    const RTCScene scene = w.scene->embreeScene();
    const Camera& camera = w.scene->camera();
    constexpr int kResolution = 512, kSpp = 4, kMaxDepth = 9;
    const Vec3 lampCorner{343, 548.7f, 227}, lampEdgeA{0, 0, 105}, lampEdgeB{-130, 0, 0};
    std::atomic<std::uint64_t> rays = 0;
    std::atomic<std::uint64_t> refused = 0; // stays 0: every ray here is traceable
    const auto traceRow = [&](int y) {
        std::uint64_t rowRays = 0;
        for (int x = 0; x < kResolution; ++x)
            for (int i = 0; i < kSpp; ++i) {
                SampleStream random(pixelHash(0, 0, x, y), i);
                const Vec2 film = random.next2D();
                Ray ray = camera.generateRay({x + film.x, y + film.y}, {0.5f, 0.5f});
                for (int bounce = 0; bounce <= kMaxDepth; ++bounce) {
                    RayHit hit;
                    ++rowRays;
                    if (!intersect(scene, ray, hit, refused))
                        break;
                    const Vec3 p = ray.at(hit.t);
                    Vec3 n = normalize(hit.normal);
                    if (dot(n, ray.direction) > 0)
                        n = -n;
                    const Vec2 u = random.next2D();
                    const Vec3 toLamp = lampCorner + lampEdgeA * u.x + lampEdgeB * u.y - p;
                    const float distance = length(toLamp);
                    const Vec3 wi = toLamp / distance;
                    if (dot(wi, n) > 0) {
                        ++rowRays;
                        benchmark::DoNotOptimize(occluded(
                            scene, {offsetOrigin(p, n, wi), wi, 0.0f, distance * (1 - 1e-4f)},
                            refused));
                    }
                    if (bounce + 1 >= 3 && random.next() >= 0.75f)
                        break;
                    const Vec3 bounceDirection = aroundNormal(cosineHemisphere(random.next2D()), n);
                    ray = {offsetOrigin(p, n, bounceDirection), bounceDirection};
                }
            }
        rays += rowRays;
    };
    for (auto _ : state)
        tbb::parallel_for(0, kResolution, traceRow);
    reportRates(state,
                static_cast<std::uint64_t>(kResolution) * kResolution * kSpp * state.iterations(),
                rays.load());
}
BENCHMARK(BM_Path_Cornell512_EmbreeOnly)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(2);

// RMSE against a 1024-spp reference (128x128) after renders of 4 to 256 spp, with their times.
void BM_Path_Cornell_RmseAtSpp(benchmark::State& state) {
    static const bench::BuiltScene w = load(128);
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
