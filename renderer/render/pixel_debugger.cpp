// Tracing one sample again for the pixel debugger, and its pixel as a 1-spp render computes it.
#include "renderer/render/pixel_debugger.h"

#include "renderer/render/camera_sampler.h"
#include "renderer/render/renderer.h"
#include "renderer/shapes/triangle_mesh.h"
#include "renderer/vertex/vertex_stage.h"

#include <fmt/format.h>
#include <stdexcept>

namespace lrt {

namespace {

// The pixel in a render of that pixel alone at 1 spp: a crop is bitwise the full render's pixels.
Color oneSamplePixel(const Scene& scene, RenderSettings settings, int x, int y) {
    const auto W = static_cast<float>(scene.film().xResolution),
               H = static_cast<float>(scene.film().yResolution);
    settings.samplesPerPixel = 1;
    settings.tile.reset();
    settings.crop = std::array<float, 4>{
        (static_cast<float>(x) - 0.5f) / W, (static_cast<float>(x) + 0.5f) / W,
        (static_cast<float>(y) - 0.5f) / H, (static_cast<float>(y) + 0.5f) / H};
    settings.threads = 1;
    const RenderResult result = render(scene, settings);
    const Image& image = result.image;
    if (image.width != 1 || image.height != 1 || image.xOrigin != x || image.yOrigin != y)
        throw std::logic_error(fmt::format("the crop of pixel ({}, {}) rendered {}x{} at ({}, {})",
                                           x, y, image.width, image.height, image.xOrigin,
                                           image.yOrigin));
    return {image.pixels[0], image.pixels[1], image.pixels[2]};
}

// The hit triangle's vertices through the vertex program of their mesh, from what the program saw
// when the scene was built.
void rerunVertexProgram(const Intersection& hit, PixelDebug& debug) {
    const VertexProgramInputs* inputs = hit.primitive->vertexInputs.get();
    const TriangleMesh* mesh = hit.primitive->shape->asTriangleMesh();
    if (!inputs || !mesh)
        return;
    debug.vertexProgram = inputs->program->name();
    for (int r = 0; r < slvm::vp2::kResultCount; ++r)
        debug.vertexProgramWrites[static_cast<std::size_t>(r)] =
            inputs->program->writes(static_cast<slvm::vp2::Result>(r));
    slvm::vp2::VertexMachine machine(*inputs->program, inputs->parameters);
    for (const int vertex : mesh->triangle(hit.shapePrimitive)) {
        VertexRun run;
        run.vertex = vertex;
        run.attributes = vertexAttributes(inputs->mesh, inputs->normals, inputs->surfaceColor,
                                          static_cast<std::size_t>(vertex));
        run.result = machine.run(run.attributes);
        for (int r = 0; r < slvm::vp2::kResultCount; ++r)
            run.results[static_cast<std::size_t>(r)] =
                machine.result(static_cast<slvm::vp2::Result>(r));
        debug.vertices.push_back(run);
    }
}

} // namespace

PixelDebug debugPixel(const Scene& scene, const RenderSettings& settings, int x, int y,
                      int sample) {
    const FilmDescription& film = scene.film();
    if (x < 0 || y < 0 || x >= film.xResolution || y >= film.yResolution)
        throw std::invalid_argument(fmt::format("pixel {},{} is outside the {}x{} image", x, y,
                                                film.xResolution, film.yResolution));
    const CameraSampler sampler(scene, settings, scene.integratorFor(settings.integrator));
    if (sample < 0 || sample >= sampler.samplesPerPixel())
        throw std::invalid_argument(
            fmt::format("sample {} is outside the render's {} samples per pixel (0 to {})", sample,
                        sampler.samplesPerPixel(), sampler.samplesPerPixel() - 1));
    PixelDebug debug;
    debug.x = x, debug.y = y, debug.sample = sample;
    debug.samplesPerPixel = sampler.samplesPerPixel();
    RayCounters counters;
    ProgramRecorder recorder;
    const FilmSample traced = sampler.trace(x, y, sample, counters, &recorder, &debug.ray);
    debug.raster = {traced.x, traced.y};
    debug.radiance = traced.radiance;
    debug.hit = scene.intersect(debug.ray);
    if (debug.hit) {
        rerunVertexProgram(*debug.hit, debug);
        if (const auto* sdf = dynamic_cast<const SdfShape*>(debug.hit->primitive->shape)) {
            const Transform toObject = debug.hit->objectToWorld.inverse();
            debug.march = sdf->marchSteps(toObject.point(debug.ray.origin),
                                          toObject.vector(debug.ray.direction), debug.ray.tMin,
                                          debug.ray.tMax);
        }
    }
    debug.runs = recorder.runs();
    debug.color = oneSamplePixel(scene, settings, x, y);
    return debug;
}

} // namespace lrt
