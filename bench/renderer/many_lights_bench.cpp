// Many lights: a sphere on a floor lit by N small spherical area lights of equal total power
// (128 x 128, 4 samples per pixel, the path integrator, one thread), for N = 1, 10, 100 and 1000.
// Direct lighting visits every light at every hit today, so the render time grows with N; this is
// the baseline a light sampler is measured against (docs/performance.md, "Many lights").
#include "renderer/builder/registered_vocabulary.h"
#include "renderer/builder/scene_builder.h"
#include "renderer/embree/device.h"
#include "renderer/parser/parser.h"
#include "renderer/render/renderer.h"

#include <benchmark/benchmark.h>
#include <cmath>
#include <fmt/format.h>

namespace {

using namespace lrt;

// `count` lights of radius 0.05 on a square grid 3 units above the floor, each with 1/count of
// the radiance of the single light, so that every scene emits the same power.
std::string manyLights(int count) {
    std::string lights;
    const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count))));
    for (int i = 0; i < count; ++i) {
        const double x = side == 1 ? 0 : -3 + 6.0 * (i % side) / (side - 1);
        const double z = side == 1 ? 0 : -3 + 6.0 * (i / side) / (side - 1);
        lights += fmt::format(R"(AttributeBegin
  AreaLightSource "arealight" "intensity" [{}]
  Translate {} 3 {}
  Sphere 0.05 -0.05 0.05 360
AttributeEnd
)",
                              2000.0 / count, x, z);
    }
    return fmt::format(R"(Format 128 128 1
SurfaceIntegrator "path"
Projection "perspective" "fov" [40]
LookAt 0 2.5 -7  0 0.8 0  0 1 0
WorldBegin
{}Surface "matte"
AttributeBegin
  Translate 0 1 0
  Sphere 1 -1 1 360
AttributeEnd
Polygon "P" [-6 0 -6  6 0 -6  6 0 6  -6 0 6]
WorldEnd
)",
                       lights);
}

void BM_ManyLights_Path(benchmark::State& state) {
    const int count = static_cast<int>(state.range(0));
    EmbreeDevice device;
    const auto frames =
        parseSceneString(manyLights(count), "many_lights.lrt", registeredVocabulary(), ".");
    const auto scene = buildScene(frames[0], device.get());
    RenderSettings settings;
    settings.samplesPerPixel = 4;
    settings.threads = 1;
    for (auto _ : state)
        benchmark::DoNotOptimize(render(*scene, settings).image.pixels.data());
    state.counters["lights"] = count;
}
BENCHMARK(BM_ManyLights_Path)
    ->ArgName("lights")
    ->Arg(1)
    ->Arg(10)
    ->Arg(100)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

} // namespace
