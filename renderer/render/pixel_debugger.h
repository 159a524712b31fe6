// The pixel debugger behind `lrt debug` and the preview's pixel view: one camera sample of one
// pixel traced again exactly as the render traced it, with what happened at its first hit (the
// hit itself, and every run of the material's program there, instruction by instruction).
#pragma once

#include "renderer/materials/program_recorder.h"
#include "renderer/render/render_settings.h"
#include "renderer/scene/scene.h"
#include "renderer/shapes/sdf_shape.h"
#include "slvm/vp2/vm.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace lrt {

// One vertex of the hit triangle through its mesh's vertex program, run again for the debugger.
struct VertexRun {
    int vertex = 0; // its index in the mesh
    std::array<slvm::vp2::Vector4, slvm::vp2::kAttributeCount> attributes{};
    std::array<slvm::vp2::Vector4, slvm::vp2::kResultCount> results{};
    slvm::ExecutionResult result;
};

struct PixelDebug {
    int x = 0, y = 0;
    int sample = 0;          // the sample traced, of samplesPerPixel
    int samplesPerPixel = 0; // the render's, which stratifies the samples
    // The pixel's value in a 1-spp render with the same seed (the filter weighs the samples of
    // the pixel and of its neighbours).
    Color color;
    Color radiance; // the traced sample's radiance
    Vec2 raster;    // where the sample lies on the film
    Ray ray;        // its camera ray
    std::optional<Intersection> hit;
    std::vector<ProgramRun> runs; // the material's program at the hit, a run per light sample
    // When the hit is a Shape "sdf": the sphere tracing's steps along the camera ray, in the
    // shape's object space (t is the camera ray's own parameter).
    std::optional<std::vector<SdfShape::MarchStep>> march;
    // When the hit is on a mesh a vertex program deformed, and the scene was built with
    // BuildOptions::keepVertexInputs: the hit triangle's three vertices through the program.
    std::vector<VertexRun> vertices;
    std::string vertexProgram;                                       // that program's name
    std::array<bool, slvm::vp2::kResultCount> vertexProgramWrites{}; // the results it writes
};

// Throws std::invalid_argument for a pixel outside the image ("pixel 9,0 is outside the 9x9
// image") or a sample outside the render's samples per pixel ("sample 1 is outside ..."), each
// message starting with the name `lrt debug` gives the flag.
PixelDebug debugPixel(const Scene& scene, const RenderSettings& settings, int x, int y, int sample);

} // namespace lrt
