// The vertex stage: runs a bound vertex program on every vertex of a mesh, in parallel, before
// the BVH is built. Inputs use the spec's conventional aliases (v[OPOS], v[NRML], v[COL0],
// v[TEX0]); outputs replace what the program writes (docs/vp2.md).
#pragma once

#include "renderer/core/color.h"
#include "renderer/description/mesh_data.h"
#include "slvm/vp2/executor.h"
#include "slvm/vp2/verifier.h"
#include "slvm/vp2/vm.h"

#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace lrt {

struct VertexStageReport {
    std::size_t vertices = 0;
    std::size_t limited = 0;    // stopped at the instruction limit (slvm::kDefaultBudget)
    std::size_t overflowed = 0; // a CAL overflowed the call stack
};

// Replaces mesh positions by o[HPOS] (divided by w when w is not 1; position-invariant programs
// keep them), st by o[TEX0].xy, vertex colours by o[COL0].rgb, back colours by o[BFC0].rgb and
// clip distances by o[CLPn].x, each only when the program writes that register. A mesh with
// vertex normals gets them recomputed from the new positions. `surfaceColor` is v[COL0] for
// meshes without their own colours. Throws std::runtime_error when a vertex's position is not
// finite, naming the vertex. `executor` runs the program, compiled or interpreted.
VertexStageReport runVertexStage(const slvm::vp2::Executor& executor,
                                 std::span<const slvm::vp2::Vector4> parameters, Color surfaceColor,
                                 MeshData& mesh);

// The normals the stage gives v[NRML]: the mesh's own, or areaWeightedNormals when it has none.
std::vector<Vec3> vertexStageNormals(const MeshData& mesh);

// Vertex i's attribute registers as the stage sets them: v[OPOS] its position, v[NRML] its
// normal (`normals`, vertexStageNormals), v[COL0] its colour (or `surfaceColor`), v[TEX0] its st;
// the others (0, 0, 0, 1).
std::array<slvm::vp2::Vector4, slvm::vp2::kAttributeCount>
vertexAttributes(const MeshData& mesh, std::span<const Vec3> normals, Color surfaceColor,
                 std::size_t i);

// What the pixel debugger shows of a mesh a vertex program deformed: the program, its parameter
// registers and the mesh as it was before the program ran (kept only when the scene is built for
// debugging).
struct VertexProgramInputs {
    std::shared_ptr<const slvm::vp2::VerifiedProgram> program;
    std::vector<slvm::vp2::Vector4> parameters;
    Color surfaceColor;
    MeshData mesh;             // before the stage
    std::vector<Vec3> normals; // the v[NRML] inputs
};

} // namespace lrt
