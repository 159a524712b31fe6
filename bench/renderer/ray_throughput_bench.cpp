// Rays per second through lrt's scene queries (intersection plus hit resolution, and shadow
// occlusion) next to raw Embree rtcIntersect1/rtcOccluded1 on the same BVH and the same rays, on
// the Cornell box and on a one-million-triangle mesh (in a BVH of its own, as lrt builds it, and
// flat in the world's, for what the instance costs). Also BVH build time and memory per triangle.
#include "bench/renderer/built_scene.h"
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/integrators/surface_interaction.h"
#include "renderer/parser/parser.h"

#include <benchmark/benchmark.h>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

namespace {

using namespace lrt;

struct Workload : bench::BuiltScene {
    std::vector<Ray> cameraRays;
    std::vector<Ray> shadowRays;
};

// One camera ray per pixel centre; one shadow ray from each hit towards `light`.
void makeRays(Workload& w, Vec3 light) {
    const FilmDescription& film = w.scene->film();
    for (int y = 0; y < film.yResolution; ++y)
        for (int x = 0; x < film.xResolution; ++x) {
            const Ray ray = w.scene->camera().generateRay({x + 0.5f, y + 0.5f}, {0.5f, 0.5f});
            w.cameraRays.push_back(ray);
            if (const auto hit = w.scene->intersect(ray)) {
                const Vec3 toLight = light - hit->p;
                const float d = length(toLight);
                const Vec3 origin = offsetOrigin(hit->p, hit->normal, toLight / d);
                w.shadowRays.push_back({origin, toLight / d, 0.0f, d * 0.999f});
            }
        }
}

Workload& cornellBox() {
    static Workload w = [] {
        Workload made;
        made.frames = parseSceneFile(LRT_SOURCE_DIR "/scenes/cornell.lrt", registeredVocabulary());
        made.scene = buildScene(made.frames[0], made.device->get());
        makeRays(made, {278, 548, 280});
        return made;
    }();
    return w;
}

// A bumpy grid of 2 * 708 * 708 = 1,002,528 triangles seen from above at an angle.
FrameDescription gridFrame(int quads) {
    FrameDescription frame;
    frame.options.film.xResolution = 512;
    frame.options.film.yResolution = 512;
    frame.options.camera.projection.parameters.add({"fov", ParameterType::Float, {50}, {}, {}});
    frame.options.camera.worldToCamera = *Transform::lookAt({0, 1.2f, -1.6f}, {0, 0, 0}, {0, 1, 0});
    Parameter positions{"P", ParameterType::Point, {}, {}, {}};
    Parameter indices{"indices", ParameterType::Integer, {}, {}, {}};
    for (int j = 0; j <= quads; ++j)
        for (int i = 0; i <= quads; ++i) {
            const double x = -1 + 2.0 * i / quads, z = -1 + 2.0 * j / quads;
            positions.numbers.insert(positions.numbers.end(),
                                     {x, 0.05 * std::sin(20 * x) * std::cos(17 * z), z});
        }
    for (int j = 0; j < quads; ++j)
        for (int i = 0; i < quads; ++i) {
            const double a = j * (quads + 1) + i, b = a + 1, c = a + quads + 1, d = c + 1;
            indices.numbers.insert(indices.numbers.end(), {a, b, d, a, d, c});
        }
    ShapeDescription mesh;
    mesh.type = "trianglemesh";
    mesh.parameters.add(std::move(positions));
    mesh.parameters.add(std::move(indices));
    mesh.attributes = std::make_shared<const SurfaceAttributes>();
    frame.world.shapes.push_back(std::move(mesh));
    return frame;
}

// The grid in a BVH of its own instanced in the world's, as lrt builds a mesh that big
// (kOwnBvhTriangles); with `flat`, in the world's BVH itself, to measure what the instance costs.
Workload makeMillionTriangles(bool flat) {
    Workload made;
    made.frames.push_back(gridFrame(708));
    BuildOptions options;
    if (flat)
        options.ownBvhTriangles = std::numeric_limits<std::size_t>::max();
    made.scene = buildScene(made.frames[0], made.device->get(), options);
    makeRays(made, {0.5f, 2, -0.5f});
    return made;
}
Workload& millionTriangles() {
    static Workload w = makeMillionTriangles(false);
    return w;
}
Workload& millionTrianglesFlat() {
    static Workload w = makeMillionTriangles(true);
    return w;
}

void report(benchmark::State& state, std::size_t rays) {
    state.counters["rays/s"] = benchmark::Counter(static_cast<double>(rays) * state.iterations(),
                                                  benchmark::Counter::kIsRate);
}

void lrtCamera(benchmark::State& state, Workload& w) {
    for (auto _ : state)
        for (const Ray& ray : w.cameraRays)
            benchmark::DoNotOptimize(w.scene->intersect(ray));
    report(state, w.cameraRays.size());
}

void embreeCamera(benchmark::State& state, Workload& w) {
    std::atomic<std::uint64_t> refused = 0;
    for (auto _ : state)
        for (const Ray& ray : w.cameraRays) {
            RayHit hit;
            benchmark::DoNotOptimize(intersect(w.scene->embreeScene(), ray, hit, refused));
        }
    report(state, w.cameraRays.size());
}

void lrtShadow(benchmark::State& state, Workload& w) {
    for (auto _ : state)
        for (const Ray& ray : w.shadowRays)
            benchmark::DoNotOptimize(w.scene->occluded(ray));
    report(state, w.shadowRays.size());
}

void embreeShadow(benchmark::State& state, Workload& w) {
    std::atomic<std::uint64_t> refused = 0;
    for (auto _ : state)
        for (const Ray& ray : w.shadowRays)
            benchmark::DoNotOptimize(occluded(w.scene->embreeScene(), ray, refused));
    report(state, w.shadowRays.size());
}

void BM_Cornell_Camera_lrt(benchmark::State& s) {
    lrtCamera(s, cornellBox());
}
void BM_Cornell_Camera_Embree(benchmark::State& s) {
    embreeCamera(s, cornellBox());
}
void BM_Cornell_Shadow_lrt(benchmark::State& s) {
    lrtShadow(s, cornellBox());
}
void BM_Cornell_Shadow_Embree(benchmark::State& s) {
    embreeShadow(s, cornellBox());
}
void BM_Mesh1M_Camera_lrt(benchmark::State& s) {
    lrtCamera(s, millionTriangles());
}
void BM_Mesh1M_Camera_Embree(benchmark::State& s) {
    embreeCamera(s, millionTriangles());
}
void BM_Mesh1M_Shadow_lrt(benchmark::State& s) {
    lrtShadow(s, millionTriangles());
}
void BM_Mesh1M_Shadow_Embree(benchmark::State& s) {
    embreeShadow(s, millionTriangles());
}
void BM_Mesh1MFlat_Camera_lrt(benchmark::State& s) {
    lrtCamera(s, millionTrianglesFlat());
}
void BM_Mesh1MFlat_Shadow_lrt(benchmark::State& s) {
    lrtShadow(s, millionTrianglesFlat());
}
BENCHMARK(BM_Cornell_Camera_lrt)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cornell_Camera_Embree)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cornell_Shadow_lrt)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Cornell_Shadow_Embree)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mesh1M_Camera_lrt)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mesh1M_Camera_Embree)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mesh1M_Shadow_lrt)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mesh1M_Shadow_Embree)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mesh1MFlat_Camera_lrt)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Mesh1MFlat_Shadow_lrt)->Unit(benchmark::kMillisecond);

// BVH build of the million-triangle mesh, and what it costs in memory per triangle: argument 0
// is Option "render" "bvh" "fast", 1 "quality".
void BM_Mesh1M_Build(benchmark::State& state) {
    FrameDescription frame = gridFrame(708);
    frame.options.bvh = state.range(0) == 0 ? BvhBuild::Fast : BvhBuild::Quality;
    double bytesPerTriangle = 0;
    for (auto _ : state) {
        EmbreeDevice device;
        const auto scene = buildScene(frame, device.get());
        state.SetIterationTime(scene->statistics().bvhBuildSeconds);
        bytesPerTriangle =
            static_cast<double>(device.bytesInUse() +
                                static_cast<std::int64_t>(scene->statistics().geometryBytes)) /
            static_cast<double>(scene->statistics().triangles);
    }
    state.counters["bytes/triangle"] = bytesPerTriangle;
}
BENCHMARK(BM_Mesh1M_Build)
    ->Arg(0)
    ->Arg(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

} // namespace
