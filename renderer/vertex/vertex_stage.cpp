// One VertexMachine per TBB chunk (each owns a copy of the parameters), which runs the chunk in
// batches (one call into compiled code each), outputs written to per-vertex slots, so the result
// does not depend on the thread count or scheduling.
#include "renderer/vertex/vertex_stage.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace lrt {

namespace vp2 = slvm::vp2;

namespace {

// What the program writes, and the per-vertex slots its outputs go to.
struct Outputs {
    explicit Outputs(const vp2::VerifiedProgram& program, const MeshData& mesh)
        : deforms(!program.positionInvariant()), writesTex(program.writes(vp2::Result::TEX0)),
          writesColor(program.writes(vp2::Result::COL0)),
          writesBack(program.writes(vp2::Result::BFC0)), positions(mesh.positions) {
        for (int plane = 0; plane < vp2::kClipPlanes; ++plane)
            if (program.writes(vp2::clipResult(plane)))
                clipMask |= static_cast<std::uint8_t>(1u << plane);
        const std::size_t count = mesh.positions.size();
        st.resize(writesTex ? count : 0);
        colors.resize(writesColor ? count : 0);
        backColors.resize(writesBack ? count : 0);
        clip.resize(clipMask ? count : 0);
    }

    // Vertex i's outputs, from its result registers.
    void store(std::size_t i, const vp2::ResultRegisters& results) {
        const auto result = [&](vp2::Result r) -> const vp2::Vector4& {
            return results[static_cast<std::size_t>(r)];
        };
        if (deforms) {
            const auto& h = result(vp2::Result::HPOS);
            positions[i] =
                h[3] == 1 ? Vec3{h[0], h[1], h[2]} : Vec3{h[0] / h[3], h[1] / h[3], h[2] / h[3]};
        }
        if (writesTex) {
            const auto& t = result(vp2::Result::TEX0);
            st[i] = {t[0], t[1]};
        }
        if (writesColor) {
            const auto& c = result(vp2::Result::COL0);
            colors[i] = {c[0], c[1], c[2]};
        }
        if (writesBack) {
            const auto& c = result(vp2::Result::BFC0);
            backColors[i] = {c[0], c[1], c[2]};
        }
        for (int plane = 0; plane < vp2::kClipPlanes && clipMask; ++plane)
            clip[i][static_cast<std::size_t>(plane)] = result(vp2::clipResult(plane))[0];
    }

    // Replaces what the program wrote.
    void applyTo(MeshData& mesh) {
        mesh.positions = std::move(positions);
        if (deforms && !mesh.normals.empty())
            mesh.normals = areaWeightedNormals(mesh);
        if (writesTex)
            mesh.st = std::move(st);
        if (writesColor)
            mesh.colors = std::move(colors);
        if (writesBack)
            mesh.backColors = std::move(backColors);
        if (clipMask) {
            mesh.clipDistances = std::move(clip);
            mesh.clipPlanes = clipMask;
        }
    }

    bool deforms, writesTex, writesColor, writesBack;
    std::uint8_t clipMask = 0;
    std::vector<Vec3> positions;
    std::vector<Vec2> st;
    std::vector<Color> colors, backColors;
    std::vector<std::array<float, vp2::kClipPlanes>> clip;
};

} // namespace

std::vector<Vec3> vertexStageNormals(const MeshData& mesh) {
    return mesh.normals.empty() ? areaWeightedNormals(mesh) : mesh.normals;
}

std::array<vp2::Vector4, vp2::kAttributeCount> vertexAttributes(const MeshData& mesh,
                                                                std::span<const Vec3> normals,
                                                                Color surfaceColor, std::size_t i) {
    std::array<vp2::Vector4, vp2::kAttributeCount> v;
    v.fill({0, 0, 0, 1});
    const Vec3 p = mesh.positions[i], n = normals[i];
    const Color c = mesh.colors.empty() ? surfaceColor : mesh.colors[i];
    v[vp2::attributeIndex(vp2::Attribute::OPOS)] = {p.x, p.y, p.z, 1};
    v[vp2::attributeIndex(vp2::Attribute::NRML)] = {n.x, n.y, n.z, 1};
    v[vp2::attributeIndex(vp2::Attribute::COL0)] = {c.r, c.g, c.b, 1};
    v[vp2::attributeIndex(vp2::Attribute::TEX0)] =
        mesh.st.empty() ? vp2::Vector4{0, 0, 0, 1} : vp2::Vector4{mesh.st[i].x, mesh.st[i].y, 0, 1};
    return v;
}

VertexStageReport runVertexStage(const vp2::Executor& executor,
                                 std::span<const vp2::Vector4> parameters, Color surfaceColor,
                                 MeshData& mesh) {
    const vp2::VerifiedProgram& program = executor.program();
    const std::size_t count = mesh.positions.size();
    const std::vector<Vec3> inputNormals = vertexStageNormals(mesh);
    Outputs outputs(program, mesh);
    std::atomic<std::size_t> limited{0}, overflowed{0};
    std::atomic<std::size_t> badVertex{count}; // the first with a non-finite position

    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 1024), [&](const auto& range) {
        vp2::VertexMachine machine = executor.machine(parameters);
        // Batches small enough for both buffers to stay in the L1 cache; the results the program
        // does not write keep their initial values throughout.
        constexpr std::size_t kBatch = 32;
        std::array<vp2::AttributeRegisters, kBatch> attributes;
        std::array<vp2::ResultRegisters, kBatch> results;
        results.fill(vp2::VertexMachine::initialResults());
        std::size_t chunkLimited = 0, chunkOverflowed = 0;
        for (std::size_t first = range.begin(); first < range.end(); first += kBatch) {
            const std::size_t size = std::min(kBatch, range.end() - first);
            for (std::size_t k = 0; k < size; ++k)
                attributes[k] = vertexAttributes(mesh, inputNormals, surfaceColor, first + k);
            const vp2::VertexMachine::BatchStatuses statuses =
                machine.runBatch(std::span(attributes).first(size), std::span(results).first(size));
            chunkLimited += statuses.budget;
            chunkOverflowed += statuses.overflow;
            for (std::size_t k = 0; k < size; ++k) {
                const std::size_t i = first + k;
                outputs.store(i, results[k]);
                const Vec3 q = outputs.positions[i];
                if (outputs.deforms &&
                    (!std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z))) {
                    std::size_t expected = badVertex.load();
                    while (i < expected && !badVertex.compare_exchange_weak(expected, i)) {
                    }
                }
            }
        }
        limited += chunkLimited;
        overflowed += chunkOverflowed;
    });

    if (badVertex.load() < count) {
        const std::size_t i = badVertex.load();
        throw std::runtime_error(fmt::format(
            "vertex program '{}' moved vertex {} (at {} {} {}) to a non-finite position (o[HPOS] "
            "is divided by its w)",
            program.name(), i, mesh.positions[i].x, mesh.positions[i].y, mesh.positions[i].z));
    }
    outputs.applyTo(mesh);
    return {count, limited.load(), overflowed.load()};
}

} // namespace lrt
